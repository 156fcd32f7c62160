import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Browser } from 'playwright-core'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { type Site, startSite, stopSite } from '../../scripts/lib/site-server'
import { MONACO_BASE } from '../../src/lib/monaco'
import { CHECKOUT_ID } from '../helpers/env'
import { signIn } from './helpers/admin'
import { launchBrowser, openPage, personsUserAgent } from './helpers/browser'
import { restAs } from './helpers/rest'
import { E2E_DIST_DIR, root, serverEnv } from './helpers/server'
import { seededDatabase } from './helpers/site'

/**
 * The production image's server (decision 0250): the Dockerfile's final stage assembled from its
 * own COPY lines (the build stage's `/app/.next` is the browser tests' build, which makes Next's
 * standalone output as the image's build does), outside the project, so that no package the stage
 * lacks is found in the project's node_modules; then its CMD, `npm run serve`, on a database of
 * its own.
 */
type Copy = { from?: string; sources: string[]; destination: string }

const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')
const finalStage = dockerfile.split(/^FROM /m).at(-1) as string
const instructions = finalStage.replace(/\\\n/g, ' ').split('\n')

const copies: Copy[] = instructions
  .filter((line) => line.startsWith('COPY '))
  .map((line) => {
    const words = line.split(/\s+/).slice(1)
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length)
    const paths = words.filter((word) => !word.startsWith('--'))
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1) as string }
  })

/** The build directory is `.next` in the image, E2E_DIST_DIR here. */
const distDirOf = (file: string) => file.replace(/^(\.\/)?\.next(?=\/|$)/, E2E_DIST_DIR)

const sourceOf = ({ from }: Copy, source: string) => {
  if (from === undefined) return path.join(root, source)
  if (from !== 'build' && from !== 'production-deps')
    throw new Error(`COPY --from=${from}: a stage this test does not know`)
  // Both stages are the project at /app: the build, and (a subset of) its packages.
  expect(source.startsWith('/app/')).toBe(true)
  return path.join(root, distDirOf(source.slice('/app/'.length)))
}

const assemble = (app: string) => {
  for (const copy of copies)
    for (const source of copy.sources) {
      const from = sourceOf(copy, source)
      expect(fs.existsSync(from), `${source} (${from})`).toBe(true)
      const destination = path.join(app, distDirOf(copy.destination))
      fs.cpSync(
        from,
        fs.statSync(from).isDirectory() ? destination : path.join(destination, path.basename(from)),
        // Links as Docker copies them (the build's links to its externals are relative).
        { recursive: true, verbatimSymlinks: true },
      )
    }
}

let app: string
let site: Site
let database: Awaited<ReturnType<typeof seededDatabase>>
let pool: pg.Pool
let browser: Browser | undefined

beforeAll(async () => {
  expect(
    fs.existsSync(path.join(root, E2E_DIST_DIR, 'standalone/server.js')),
    `${E2E_DIST_DIR} has no standalone output: build it again (NEXT_OUTPUT=standalone)`,
  ).toBe(true)
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-image-'))
  assemble(app)
  database = await seededDatabase(`image_${CHECKOUT_ID}_${process.pid}`)
  pool = new pg.Pool({ connectionString: database.url, max: 1 })
  // pool.end() resolves before its connection has closed; the database dropped right after ends
  // that connection from the server's side, which is no failure of the test.
  pool.on('error', () => undefined)
  site = await startSite({
    run: 'serve-script',
    cwd: app,
    databaseUrl: database.url,
    host: '127.0.0.1',
    setServerUrl: true,
    // The seeded pictures' files, where the suite's own server finds them.
    env: serverEnv(database.url, { DATA_DIR: path.join(root, 'data') }),
    timeoutMs: 90_000,
  })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  if (site) await stopSite(site)
  await pool?.end()
  await database?.close()
  if (app) fs.rmSync(app, { recursive: true, force: true })
})

test('the image holds the standalone server and no sources, and serves with `npm run serve`', () => {
  expect(instructions).toContain('CMD ["npm", "run", "serve"]')
  // The build stage prunes the output as the browser tests' build does (helpers/site.ts).
  expect(dockerfile).toMatch(/^RUN npm run build && node scripts\/prune-standalone\.mjs \.next\b/m)
  expect(fs.existsSync(path.join(app, 'server.js'))).toBe(true)
  for (const absent of ['payload.config.ts', 'src/collections', 'src/migrations', 'src/app'])
    expect(fs.existsSync(path.join(app, absent)), absent).toBe(false)
  expect(site.output()).toMatch(/"msg":"build content dropped","files":[1-9]/)
  expect(site.output()).toContain('"standalone":true')
})

test('public pages and their scripts', async () => {
  for (const page of ['/', '/faq', '/characters']) {
    const response = await fetch(`${site.url}${page}`, {
      headers: { 'user-agent': personsUserAgent() },
    })
    expect(response.status, page).toBe(200)
    const html = await response.text()
    // Rendered by this server for its own address, from its database.
    expect(html).toContain(`<link rel="canonical" href="${site.url}${page === '/' ? '' : page}`)
    const script = /src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1]
    expect(script, page).toBeTruthy()
    const asset = await fetch(new URL(script as string, site.url))
    expect(asset.status, script).toBe(200)
  }
})

test('the admin’s code editor, read from its package at run time', async () => {
  const loader = await fetch(`${site.url}${MONACO_BASE}/vs/loader.js`)
  expect(loader.status).toBe(200)
  expect(loader.headers.get('content-type')).toMatch(/javascript/)
})

test('the REST API, and an uploaded image cut into its sizes', async () => {
  const { api, token } = await restAs(site.url)
  const { docs } = await api<{ docs: unknown[] }>('GET', '/faq-items?limit=1')
  expect(docs.length).toBe(1)
  const form = new FormData()
  form.append(
    'file',
    new Blob([fs.readFileSync(path.join(root, 'public/images/og-default.png'))], {
      type: 'image/png',
    }),
    `image-test-${process.pid}.png`,
  )
  form.append('_payload', JSON.stringify({ alt: 'The image test' }))
  const upload = await fetch(`${site.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
    body: form,
  })
  expect(upload.status, await upload.clone().text()).toBe(201)
  const { doc } = (await upload.json()) as {
    doc: { id: number; sizes: { card: { url: string; mimeType: string } } }
  }
  expect(doc.sizes.card.mimeType).toBe('image/webp')
  const card = await fetch(new URL(doc.sizes.card.url, site.url))
  expect(card.status).toBe(200)
  expect(card.headers.get('content-type')).toBe('image/webp')
  await api('DELETE', `/media/${doc.id}`)
})

test('jobs: a newsletter confirmation is sent by the queue', async () => {
  const email = `image-${process.pid}-${Date.now()}@example.com`
  const response = await fetch(`${site.url}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': personsUserAgent() },
    body: JSON.stringify({ email, interests: ['homepage'] }),
  })
  expect(response.status).toBe(201)
  const status = async () =>
    (await pool.query('SELECT status FROM email_logs WHERE to_email = $1', [email])).rows[0]?.status
  await expect.poll(status, { timeout: 30_000 }).toBe('sent')
})

test('the admin: an editor signs in and sees the dashboard', async () => {
  browser = await launchBrowser()
  const { page, consoleErrors } = await openPage(browser, { baseURL: site.url })
  await signIn(page, 'editor')
  expect(consoleErrors).toEqual([])
})
