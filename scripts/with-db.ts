/**
 * Runs a command against the project's database: DATABASE_URL when set, the running site's
 * embedded database when there is one, or the embedded database opened for the command.
 * Usage: tsx scripts/with-db.ts <command> [args...]
 */
import { spawn } from 'node:child_process'

import { DatabaseInUseError } from '../src/lib/db/embedded'
import { openDatabase, prepareEnvironment, root } from './lib/runtime'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('Usage: tsx scripts/with-db.ts <command> [args...]')
  process.exit(2)
}
prepareEnvironment({ shareRunning: true })

try {
  const database = await openDatabase()
  const child = spawn(command, args, {
    cwd: root,
    env: process.env,
    stdio: 'inherit',
    shell: false,
  })
  child.on('exit', async (code) => {
    await database?.close()
    process.exit(code ?? 1)
  })
} catch (error) {
  console.error(error instanceof DatabaseInUseError ? error.message : error)
  process.exit(1)
}
