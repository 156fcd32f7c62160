/**
 * Runs a command against the project's database: DATABASE_URL when set, the running site's
 * embedded database when there is one, or the embedded database started for the command.
 * Usage: node scripts/run-ts.mjs scripts/with-db.ts [--migrate] <command> [args...]
 * With --migrate, the migrations and the seed run first (as `npm start` runs them): `next build`
 * renders the pages that read the CMS, so their tables must exist.
 */
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'

import { openDatabase, prepareEnvironment, root } from './lib/runtime'

const migrate = process.argv[2] === '--migrate'
const [command, ...args] = process.argv.slice(migrate ? 3 : 2)
if (!command) {
  console.error('Usage: node scripts/run-ts.mjs scripts/with-db.ts [--migrate] <command> [args...]')
  process.exit(2)
}
prepareEnvironment({ shareRunning: true })

const database = await openDatabase()
if (migrate) {
  const scripts = path.join(root, 'scripts')
  const prepared = spawnSync(
    process.execPath,
    [path.join(scripts, 'run-ts.mjs'), path.join(scripts, 'migrate-and-seed.ts')],
    { cwd: root, env: process.env, stdio: 'inherit' },
  )
  if (prepared.status !== 0) {
    await database?.stop()
    process.exit(prepared.status ?? 1)
  }
}
const child = spawn(command, args, { cwd: root, env: process.env, stdio: 'inherit', shell: false })
// Signals reach the command (same process group); the database stops once it has exited.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined)
child.on('exit', async (code, signal) => {
  await database?.stop()
  process.exit(code ?? (signal ? 1 : 0))
})
