/**
 * The process that runs the Next server (`npm start`, `npm run serve`): it starts Node processes
 * (the migrations, then Next and the worker) in process groups of their own, and turns SIGINT,
 * SIGTERM or SIGHUP into one SIGTERM to each running one's whole group, which drains for up to
 * STOP_DRAIN_MS before it is killed. With an IPC channel: if this process is killed outright, the
 * children stop themselves instead of running on without it (exit-with-parent.cjs).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'

import { childSettings } from './exit-with-parent.cjs'
import { log, root } from './runtime'

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null }

const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-(child.pid as number), signal)
  } catch {
    // already gone
  }
}

/**
 * The Node options of the Next server (`npm start`, `npm run serve`, the image): V8 grows the old
 * generation by at most 30 % over what its last full collection kept before it collects again,
 * instead of a factor of its own choosing (up to 4× on a quick collector), so that what a long
 * request leaves behind (a million-row export's pages) is collected as it goes instead of piling up
 * (decision 0276).
 */
export const SERVER_NODE_OPTIONS = ['--heap-growing-percent=30']

/** What a child runs with besides its arguments. */
export type ChildOptions = {
  /** Node options before the script. */
  nodeOptions?: string[]
  /** Variables over this process's environment. */
  env?: Record<string, string>
  /**
   * OS scheduling priority (nice), set as soon as it is spawned: the process it runs the script in
   * (scripts/run-ts.mjs starts one) inherits it.
   */
  priority?: number
}

/** `whenIdle` runs for a stop asked while no child runs. */
export const superviseChildren = (whenIdle: () => void) => {
  const drainMs = Number(process.env.STOP_DRAIN_MS || 10_000)
  const running = new Set<ChildProcess>()
  let stopRequested = false

  const runNode = (args: string[], { nodeOptions = [], env: extra, priority }: ChildOptions = {}) =>
    new Promise<ChildExit>((resolve) => {
      const { nodeArgs, stdio, env } = childSettings()
      const child = spawn(process.execPath, [...nodeOptions, ...nodeArgs, ...args], {
        cwd: root,
        env: { ...env, ...extra },
        stdio,
        detached: true,
      })
      if (priority !== undefined && child.pid !== undefined) {
        try {
          os.setPriority(child.pid, priority)
        } catch (error) {
          log('priority not set', { error: (error as Error).message })
        }
      }
      running.add(child)
      child.on('exit', (code, signal) => {
        running.delete(child)
        resolve({ code, signal })
      })
    })

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopRequested) return
    stopRequested = true
    log('stopping', { signal })
    if (running.size === 0) return whenIdle()
    for (const child of running) {
      signalGroup(child, 'SIGTERM')
      setTimeout(() => signalGroup(child, 'SIGKILL'), drainMs).unref()
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal)

  return {
    runNode,
    runNext: (args: string[], options: ChildOptions = {}) =>
      runNode([path.join(root, 'node_modules/next/dist/bin/next'), ...args], options),
    /** Whether a stop was asked for (a child that exits then was asked to). */
    stopRequested: () => stopRequested,
    /** SIGTERM to every running child's group (e.g. the database died under them). */
    terminate: () => {
      for (const child of running) signalGroup(child, 'SIGTERM')
    },
  }
}
