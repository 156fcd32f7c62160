/**
 * Runs a TypeScript file with tsx in a process of its own: `node scripts/run-ts.mjs <file> [args]`.
 * The package scripts and the tests start every TypeScript process this way.
 *
 * On Node 20, tsx loads modules on Node's module-hooks thread, and now and then (about one start in
 * ten under load, for a file that imports the whole Payload configuration) that thread never
 * finishes loading the graph: the process runs none of the file and exits 13 ("unsettled
 * top-level await"). Node 22 and 24 load in-thread and do not show it. A start that ends that way
 * is started again, at most twice, and says so on stderr. Any other exit code is passed on.
 * Plain JavaScript, so that this process needs no loader itself.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:os'

import exitWithParent from './lib/exit-with-parent.cjs'

const UNSETTLED_TOP_LEVEL_AWAIT = 13
const ATTEMPTS = 3
const [file, ...args] = process.argv.slice(2)

let child
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child?.kill(signal))

for (let attempt = 1; ; attempt++) {
  // The child stops when this process is gone (lib/exit-with-parent.cjs).
  const { nodeArgs, stdio, env } = exitWithParent.childSettings()
  child = spawn(
    process.execPath,
    [...nodeArgs, '--import', import.meta.resolve('tsx'), file, ...args],
    { stdio, env },
  )
  const code = await new Promise((resolve) =>
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? 128 + constants.signals[signal])),
  )
  if (code !== UNSETTLED_TOP_LEVEL_AWAIT || attempt === ATTEMPTS) process.exit(code)
  process.stderr.write(`run-ts: ${file} never finished loading (exit 13); starting it again\n`)
}
