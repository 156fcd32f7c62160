import { sql } from '@payloadcms/db-postgres/drizzle'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { csvRow } from '@/lib/csv'

import { seedWaitlistRows } from '../helpers/admin'
import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

/** A small RFC 4180 reader: quoted cells, doubled quotes, CRLF between records. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  if (cell || row.length) throw new Error('the CSV does not end with CRLF')
  return rows
}

/** Formula leads, their full-width forms, and the same after a `;` a spreadsheet may split on. */
const DANGEROUS = /^(?:;\s*)*[=+\-@\t\r＝＋－＠]/
const neutralised = (value: string) => (DANGEROUS.test(value) ? `'${value}` : value)

/** Strings a spreadsheet would run or a naive writer would break on. */
const hostile = fc.oneof(
  fc.string(),
  fc
    .tuple(
      fc.constantFrom(
        '=',
        '+',
        '-',
        '@',
        '\t',
        '\r',
        '"',
        ',',
        '\n',
        '＝',
        '＋',
        '－',
        '＠',
        ';=',
        '; +',
      ),
      fc.string(),
    )
    .map(([start, rest]) => start + rest),
  fc.constantFrom(
    '=HYPERLINK("http://evil.example","click")',
    '+1+cmd|" /C calc"!A0',
    '-2+3',
    '@SUM(A1:A2)',
    '\t=1',
    '\r=1',
    'a,"b"\r\nc',
    'ünïcødé 🌟',
    '＝HYPERLINK("http://evil.example")',
    ';=1+1',
    ';;@SUM(A1)',
  ),
)

describe('csvRow', () => {
  it('reads back as the neutralised values, one record per row, no cell starting dangerously', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(hostile, { minLength: 1, maxLength: 6 }), { maxLength: 5 }),
        (rows) => {
          const parsed = parseCsv(rows.map((cells) => csvRow(cells)).join(''))
          expect(parsed).toEqual(rows.map((cells) => cells.map(neutralised)))
          for (const cell of parsed.flat()) expect(cell).not.toMatch(DANGEROUS)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('neutralises full-width formula leads and leads behind a semicolon', () => {
    for (const cell of ['＝1+1', '＋1', '－1', '＠SUM(A1)', ';=1+1', '; -1', ';;@A1'])
      expect(csvRow([cell]), cell).toBe(`'${cell}\r\n`)
    expect(csvRow(['a;=1'])).toBe('a;=1\r\n')
  })

  it('writes lists, booleans, dates and empty values', () => {
    expect(csvRow(['a', ['x', 'y'], true, null, undefined, 3, new Date(0)])).toBe(
      'a,x; y,true,,,3,1970-01-01T00:00:00.000Z\r\n',
    )
  })
})

let app: TestApp
let token: string
const BULK = 2500
const names = fc.sample(
  hostile.filter((s) => s.trim().length > 0),
  { numRuns: 40, seed: 4180 },
)

beforeAll(async () => {
  app = await startApp()
  token = await app.createUser('csv-full', 'full')
  for (const [index, name] of names.entries()) {
    await app.payload.create({
      collection: 'waitlist-entries',
      data: {
        email: uniqueEmail(`hostile${index}`),
        name,
        product: 'studio',
        status: 'inactive',
        interests: [name.slice(0, 50), '=cmd'],
        referralSource: '@evil',
      },
    })
  }
  await seedWaitlistRows(app, BULK, 'csv')
  await app.payload.create({
    collection: 'newsletter-subscribers',
    data: { email: uniqueEmail('sub'), firstName: '=1+1', interests: ['-x'] },
  })
})
afterAll(async () => app?.close())

describe('GET /api/admin/waitlist/export', () => {
  it('streams every row as RFC 4180 CSV with hostile cells neutralised, and audits it', async () => {
    const res = await app.request('GET', '/admin/waitlist/export', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const today = new Date().toISOString().slice(0, 10)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="waitlist-all-${today}.csv"`,
    )
    const [header, ...rows] = parseCsv(res.text)
    expect(header).toEqual([
      'id',
      'email',
      'name',
      'product',
      'status',
      'interests',
      'referralSource',
      'emailOpened',
      'lastEmailSent',
      'joinedAt',
      'position',
      'referrals',
      'referralCode',
      'referredById',
      'confirmedAt',
    ])
    expect(rows).toHaveLength(names.length + BULK)
    const ids = rows.map((row) => Number(row[0]))
    expect(new Set(ids).size).toBe(rows.length)
    for (const cell of rows.flat()) expect(cell).not.toMatch(DANGEROUS)

    const stored = await app.payload.db.drizzle.execute(
      sql`SELECT id, name FROM waitlist_entries WHERE product = 'studio' AND email LIKE 'hostile%'`,
    )
    const byId = new Map(rows.map((row) => [Number(row[0]), row]))
    for (const { id, name } of stored.rows as { id: number; name: string }[]) {
      const row = byId.get(id)
      expect(row?.[2]).toBe(neutralised(name))
      expect(row?.[5]).toBe(neutralised(`${name.slice(0, 50)}; =cmd`))
      expect(row?.[6]).toBe("'@evil")
    }
    const audit = await app.payload.find({
      collection: 'audit-logs',
      where: { action: { equals: 'waitlist.export' } },
    })
    expect(audit.docs[0]).toMatchObject({ username: 'csv-full', details: { product: 'all' } })
  })

  it('exports one product with its name in the file name', async () => {
    const res = await app.request('GET', '/admin/waitlist/export?product=studio', { token })
    expect(res.headers.get('content-disposition')).toContain('filename="waitlist-studio-')
    const rows = parseCsv(res.text).slice(1)
    // Bulk rows are studio when n % 5 = 3.
    expect(rows).toHaveLength(names.length + BULK / 5)
    for (const row of rows) expect(row[3]).toBe('studio')
  })

  it('answers 400 for an unknown product', async () => {
    const res = await app.request('GET', '/admin/waitlist/export?product=shoes', { token })
    expect(res.status).toBe(400)
    expect(res.body.errors.product).toBeTruthy()
  })
})

describe('GET /api/admin/newsletter/export', () => {
  it('streams every subscriber', async () => {
    const res = await app.request('GET', '/admin/newsletter/export', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const [header, ...rows] = parseCsv(res.text)
    expect(header[1]).toBe('email')
    expect(rows).toHaveLength(1)
    expect(rows[0][2]).toBe("'=1+1")
    expect(rows[0][4]).toBe("'-x")
    expect(rows[0][7]).toBe('newsletter')
  })
})
