/**
 * The site's processes, read from /proc: the Next server (and the start script) and, with the
 * embedded database, PostgreSQL's processes, all descendants of the process the benchmark started.
 */
import fs from 'node:fs'
import path from 'node:path'

/** Parent pid of every process, read from /proc. */
const parents = (): Map<number, number> => {
  const result = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      result.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // The process exited while being read.
    }
  }
  return result
}

/**
 * RSS in MB of the site's process and its descendants but PostgreSQL's, by command. (The start
 * script runs the Next server in a process group of its own, so a group is not enough.)
 */
export const treeRss = (rootPid: number): Map<string, number> => {
  const parentOf = parents()
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at && at > 1; at = parentOf.get(at))
      if (at === rootPid) return true
    return false
  }
  const result = new Map<string, number>()
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue
    try {
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      const command = args.join(' ')
      const script = args.find((arg) => /\.(ts|m?js)$/.test(arg))
      // PostgreSQL's own processes are left out: their RSS counts the shared buffers each touched.
      if (/postgres/.test(path.basename(args[0] ?? ''))) continue
      const name = /next-server|next start/.test(command)
        ? 'next server'
        : script
          ? path.basename(script)
          : path.basename(args[0] ?? '?')
      result.set(`${name} (${pid})`, Math.round(Number(rss?.[1] ?? 0) / 1024))
    } catch {
      // The process exited while being read.
    }
  }
  return result
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100

/**
 * CPU seconds (user and system) used so far by the site's process and every descendant still
 * running, PostgreSQL's included (the embedded server and its backends; not a server on
 * BENCH_DATABASE_URL). The difference over a measurement is what the site spent on it.
 */
export const treeCpuSeconds = (rootPid: number): number => {
  const parentOf = parents()
  let ticks = 0
  for (const pid of parentOf.keys()) {
    let at: number | undefined = pid
    while (at && at > 1 && at !== rootPid) at = parentOf.get(at)
    if (at !== rootPid) continue
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process exited while being read.
    }
  }
  return ticks / TICKS_PER_SECOND
}
