/**
 * Preloaded (`node --require`) into the processes that `npm start` and `scripts/run-ts.mjs` start,
 * each with an IPC channel to its parent and EXIT_WITH_PARENT set to the parent's pid. When the
 * parent is gone, even killed with SIGKILL, the channel closes and this process stops as if asked
 * to (SIGTERM: its own clean stop) instead of living on as an orphan that holds the port or the
 * database. Only the process started that way: workers it forks inherit the preload and the
 * variable, not the parent, and are left alone. CommonJS, so it loads before any module loader.
 */
if (process.channel && process.ppid === Number(process.env.EXIT_WITH_PARENT)) {
  process.channel.unref()
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'))
}
