/** The warning and error lines the site printed during `npm run bench`, grouped and counted. */
import fs from 'node:fs'

export interface LogProblem {
  count: number
  line: string
}

const PINO_LEVELS: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' }

/**
 * Warning and error lines of the site's output, grouped: Payload logs JSON (summarised by level,
 * message, path and error), Next and Node print text.
 */
export const siteLogProblems = (logPath: string): LogProblem[] => {
  if (!fs.existsSync(logPath)) return []
  const pattern =
    /"level":\s*(40|50|60|"warn"|"error"|"fatal")|\b(WARN|ERROR|FATAL|Error:|Unhandled|ECONN\w+)\b|⚠|⨯/
  // Next's list of experimental flags marks each with ⨯ (e.g. "⨯ turbopackServerFastRefresh").
  const experimentFlag = /^\s*⨯\s+[\w.-]+\s*$/
  const groups = new Map<string, number>()
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    if (!pattern.test(line) || experimentFlag.test(line)) continue
    let key = line.trim().slice(0, 300)
    try {
      const entry = JSON.parse(line) as {
        level?: number | string
        msg?: string
        path?: string
        err?: { message?: string; code?: string }
      }
      const level = typeof entry.level === 'number' ? PINO_LEVELS[entry.level] : entry.level
      key = [level, entry.msg, entry.path, entry.err?.message, entry.err?.code]
        .filter(Boolean)
        .join(' | ')
    } catch {
      // A text line: kept as it is.
    }
    groups.set(key, (groups.get(key) ?? 0) + 1)
  }
  return [...groups].map(([line, count]) => ({ line, count })).sort((a, b) => b.count - a.count)
}

export const printLogProblems = (problems: LogProblem[], logName: string) => {
  if (!problems.length) return
  const total = problems.reduce((sum, problem) => sum + problem.count, 0)
  console.log(`\nThe site logged ${total} warning/error lines (${logName}):`)
  for (const { count, line } of problems.slice(0, 10)) console.log(`  ${count}× ${line}`)
  if (problems.some((problem) => /aborted|ECONNRESET/.test(problem.line))) {
    console.log(
      '  ("aborted"/ECONNRESET: requests still in flight when autocannon closed its connections ' +
        'at the end of a measurement)',
    )
  }
}
