/**
 * A child process that stops when the process that started it is gone, even killed with SIGKILL,
 * instead of living on as an orphan that holds the port or the database. `npm start`
 * (scripts/start.ts) and `scripts/run-ts.mjs` start their children with `childSettings()`: this
 * file preloaded (`node --require`), an IPC channel and EXIT_WITH_PARENT set to their pid. When
 * the parent is gone the channel closes, and the child stops as if asked to (SIGTERM: its own
 * clean stop). Only the process started that way: workers it forks inherit the preload and the
 * variable, not the parent, and are left alone. The channel itself keeps nothing alive.
 * CommonJS, so that it loads before any module loader.
 */
if (process.channel && process.ppid === Number(process.env.EXIT_WITH_PARENT)) {
  process.channel.unref()
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'))
}

/** Node arguments (before the script) and spawn options for such a child. */
exports.childSettings = () => ({
  nodeArgs: ['--require', __filename],
  stdio: /** @type {import('node:child_process').StdioOptions} */ ([
    'inherit',
    'inherit',
    'inherit',
    'ipc',
  ]),
  env: { ...process.env, EXIT_WITH_PARENT: String(process.pid) },
})
