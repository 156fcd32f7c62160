import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedServer } from '../../scripts/lib/embedded-db'

import { CHECKOUT_ID } from './env'

/**
 * The PostgreSQL server a test run uses: TEST_DATABASE_URL when set, else a throwaway embedded
 * server for this run. Either way, TEST_DATABASE_URL names it afterwards (processes started later,
 * such as test workers, inherit it). Returns the function that stops what was started.
 */
export const startTestServer = async (name: string): Promise<() => Promise<void>> => {
  // An empty TEST_DATABASE_URL counts as unset.
  if (process.env.TEST_DATABASE_URL) return async () => undefined
  delete process.env.TEST_DATABASE_URL
  const dataRoot = path.join(os.tmpdir(), `starfinity-${name}-${CHECKOUT_ID}-${process.pid}`)
  fs.rmSync(dataRoot, { recursive: true, force: true })
  const server = await startEmbeddedServer({ dataRoot, throwaway: true })
  process.env.TEST_DATABASE_URL = server.url
  return async () => {
    await server.stop()
    delete process.env.TEST_DATABASE_URL
    fs.rmSync(dataRoot, { recursive: true, force: true })
  }
}

/**
 * The run's server with the migrated template every test database copies (make-template.ts, in a
 * process of its own). `npm test` makes it once for all suites and sets TEST_TEMPLATE_READY; a
 * suite run alone makes it here.
 */
export const startTestServerWithTemplate = async (name: string) => {
  const stopServer = await startTestServer(name)
  if (process.env.TEST_TEMPLATE_READY !== '1') {
    execFileSync(process.execPath, ['scripts/run-ts.mjs', 'tests/helpers/make-template.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: 'inherit',
      timeout: 120_000,
    })
  }
  return stopServer
}
