/**
 * Runs a command against the project's database: DATABASE_URL when set, the running site's
 * embedded database when there is one, or the embedded database started for the command.
 * Usage: node scripts/run-ts.mjs scripts/with-db.ts <command> [args...]
 */
import { spawn } from 'node:child_process'

import { openDatabase, prepareEnvironment, root } from './lib/runtime'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('Usage: node scripts/run-ts.mjs scripts/with-db.ts <command> [args...]')
  process.exit(2)
}
prepareEnvironment({ shareRunning: true })

const database = await openDatabase()
const child = spawn(command, args, { cwd: root, env: process.env, stdio: 'inherit', shell: false })
// Signals reach the command (same process group); the database stops once it has exited.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined)
child.on('exit', async (code, signal) => {
  await database?.stop()
  process.exit(code ?? (signal ? 1 : 0))
})
