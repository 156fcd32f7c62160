import { execFileSync } from 'node:child_process'
import path from 'node:path'

import { startTestServer } from './test-server'

/**
 * One PostgreSQL server per run (the embedded one unless TEST_DATABASE_URL is set) and one migrated
 * template database on it; every test file starts from a copy of the template.
 */
export default async function setup() {
  const stopServer = await startTestServer('int')
  const root = path.resolve(import.meta.dirname, '../..')
  execFileSync(process.execPath, ['scripts/run-ts.mjs', 'tests/helpers/make-template.ts'], {
    cwd: root,
    stdio: 'inherit',
    timeout: 120_000,
  })
  return stopServer
}
