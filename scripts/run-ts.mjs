/**
 * Runs a TypeScript file with tsx in a process of its own: `node scripts/run-ts.mjs <file> [args]`.
 * The package scripts and the tests start every TypeScript process this way. The child stops when
 * this process is gone (lib/exit-with-parent.cjs); its exit code is passed on. Plain JavaScript, so
 * that this process needs no loader itself.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:os'

import exitWithParent from './lib/exit-with-parent.cjs'

const [file, ...args] = process.argv.slice(2)

const { nodeArgs, stdio, env } = exitWithParent.childSettings()
const child = spawn(
  process.execPath,
  [...nodeArgs, '--import', import.meta.resolve('tsx'), file, ...args],
  { stdio, env },
)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', (exitCode, signal) => process.exit(exitCode ?? 128 + constants.signals[signal]))
