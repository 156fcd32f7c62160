/**
 * The shortest proof that the site runs on the Node.js that runs this file: `npm start`'s script on
 * a fresh data directory with its own embedded PostgreSQL server, serving the browser tests' build
 * (NEXT_DIST_DIR, up to date, so nothing is built again), one signup (201, stored once: the same
 * signup again gets the same answer and adds no row), and a clean stop (SIGTERM, exit code 0). `.ci/run` runs it on Node 22 after
 * `npm test`; the whole `npm start` test is tests/e2e/site-start.test.ts.
 * Usage: node scripts/run-ts.mjs tests/helpers/start-smoke.ts
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { startSite, stopSite } from '../../scripts/lib/site-server'
import { readRunning } from '../../scripts/lib/embedded-db'
import { E2E_DIST_DIR } from '../e2e/helpers/server'

const fail = (message: string) => {
  console.error(`start-smoke: ${message}`)
  process.exitCode = 1
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-smoke-'))
const env: Record<string, string | undefined> = { ...process.env }
for (const key of Object.keys(env)) {
  if (/^(DATABASE_URL|TEST_|NODE_ENV|PAYLOAD_SECRET|DATA_DIR|VITEST|ADMIN_)/.test(key))
    delete env[key]
}
const site = await startSite({
  run: 'start-script',
  databaseUrl: '',
  host: '127.0.0.1',
  env: {
    ...env,
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: E2E_DIST_DIR,
    PAYLOAD_SECRET: 'smoke-test-secret-0123456789abcdef',
  },
  timeoutMs: 5 * 60_000,
})
try {
  if (/building the site/.test(site.output())) fail('npm start built the site again')
  const signup = () =>
    fetch(`${site.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'smoke@example.com', name: 'Smoke', product: 'records' }),
    })
  const first = await signup()
  const firstText = await first.text()
  if (first.status !== 201) fail(`a signup answered ${first.status}: ${firstText}`)
  const again = await signup()
  const againText = await again.text()
  if (again.status !== 201 || againText !== firstText)
    fail(`the same signup again answered ${again.status} ${againText}, not as the first`)
  const client = new pg.Client({ connectionString: readRunning(dataDir)?.url })
  await client.connect()
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from waitlist_entries where email = 'smoke@example.com'",
    )
    if (rows[0]?.n !== 1) fail(`the signup is stored ${rows[0]?.n} times, not once`)
  } finally {
    await client.end()
  }
} finally {
  const notes = await stopSite(site)
  if (notes.length || site.exit?.code !== 0)
    fail(`the stop was not clean (${site.exit?.signal ?? site.exit?.code}) ${notes.join('; ')}`)
  fs.rmSync(dataDir, { recursive: true, force: true })
}
if (!process.exitCode)
  console.log(`start-smoke: Node ${process.versions.node}: npm start served, signed up, stopped`)
