/**
 * Work to finish before the server process exits (e.g. buffered analytics). Next's own SIGTERM
 * handler drains the HTTP server and then calls process.exit; installShutdownHooks (from
 * src/instrumentation.ts) makes that exit wait for these tasks, at most SHUTDOWN_TASKS_MS.
 * The registry lives on globalThis: route bundles and the instrumentation bundle share it.
 */
type Task = () => Promise<void>

const SHUTDOWN_TASKS_MS = 5_000
const registry = globalThis as typeof globalThis & {
  __starfinityShutdown?: { tasks: Set<Task>; installed: boolean }
}
const state = (registry.__starfinityShutdown ??= { tasks: new Set(), installed: false })

export const onShutdown = (task: Task) => {
  state.tasks.add(task)
}

export const runShutdownTasks = async () => {
  const tasks = [...state.tasks].map((task) => task().catch(() => undefined))
  await Promise.race([
    Promise.all(tasks),
    new Promise((resolve) => setTimeout(resolve, SHUTDOWN_TASKS_MS).unref()),
  ])
}

/**
 * Makes Next's exit wait for the shutdown tasks, and bounds the drain: if Next is still waiting for
 * connections (keep-alive clients that go on sending) when the deadline passes, the tasks run and
 * the process exits anyway. The deadline stays below `npm start`'s STOP_DRAIN_MS, after which the
 * whole server is killed and the tasks would not run.
 */
export const installShutdownHooks = () => {
  if (state.installed) return
  state.installed = true
  const exit = process.exit.bind(process)
  let exiting = false
  const finish = (code?: number) => {
    if (exiting) return
    exiting = true
    void runShutdownTasks().finally(() => exit(code))
  }
  process.exit = ((code?: number) => {
    finish(code)
    return undefined as never
  }) as typeof process.exit
  const drainMs = Math.max(1_000, Number(process.env.STOP_DRAIN_MS || 10_000) - 3_000)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => finish(signal === 'SIGTERM' ? 143 : 130), drainMs).unref()
    })
  }
}
