import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import { DatabaseInUseError } from '@/lib/db/embedded'
import { spawnEmbeddedDatabase } from '@/lib/db/spawn-embedded'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-embedded-'))
const dir = path.join(dataDir, 'pglite')
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const query = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

describe('embedded database', () => {
  it('keeps its data across a stop and a start, and has one owner at a time', async () => {
    const first = await spawnEmbeddedDatabase({ dataDir: dir, socketId: `persist-${process.pid}` })
    await query(first.url, 'create table notes (body text)')
    await query(first.url, "insert into notes values ('kept')")

    const second = spawnEmbeddedDatabase({ dataDir: dir, socketId: `second-${process.pid}` })
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError)
    await expect(second).rejects.toThrow(/already in use by process \d+/)

    await first.close()
    expect(fs.existsSync(`${dir}.lock`)).toBe(false)

    const again = await spawnEmbeddedDatabase({ dataDir: dir, socketId: `again-${process.pid}` })
    try {
      expect(await query(again.url, 'select body from notes')).toEqual([{ body: 'kept' }])
    } finally {
      await again.close()
    }
  })

  it('takes over a lock left by a process that died', async () => {
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345 }))
    const db = await spawnEmbeddedDatabase({ dataDir: dir, socketId: `stale-${process.pid}` })
    try {
      expect(await query(db.url, 'select count(*)::int as n from notes')).toEqual([{ n: 1 }])
    } finally {
      await db.close()
    }
  })

  it('serves concurrent connections without mixing their statements', async () => {
    const db = await spawnEmbeddedDatabase({ socketId: `concurrent-${process.pid}` })
    const pool = new pg.Pool({ connectionString: db.url, max: 2 })
    try {
      await pool.query('create table counter (n int)')
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => pool.query('insert into counter values ($1)', [i])),
      )
      expect(
        (await pool.query('select count(*)::int as n, sum(n)::int as total from counter')).rows,
      ).toEqual([{ n: 100, total: 4950 }])
    } finally {
      await pool.end()
      await db.close()
    }
  })
})
