import fs from 'node:fs'

import type { Reporter, TestCase } from 'vitest/node'

/** A stack line in the project's own files, not in a dependency or Node itself. */
const isOurs = (line: string) =>
  /^\s*at /.test(line) && !/node_modules|node:|<anonymous>/.test(line)

/**
 * Names every test that needed its second try (decision 0094): printed at the end of the run, and
 * appended to RETRIED_TESTS_FILE when set, so `npm test` can list them once after every suite. The
 * target is none: each one is a race to fix, not to leave to the retry, so each line carries what
 * the failed try said (its first error's message and where it was thrown), which a passing retry
 * would otherwise leave out of the log.
 */
export default class RetriedTests implements Reporter {
  private retried: string[] = []

  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0
    if (retries === 0) return
    const result = test.result()
    const outcome = result.state === 'passed' ? 'passed on its retry' : 'failed twice'
    const [error] = result.errors ?? []
    const said = error
      ? [
          error.message.split('\n')[0],
          ...(error.stack ?? '').split('\n').filter(isOurs).slice(0, 2),
        ]
      : []
    this.retried.push(
      [`${test.module.relativeModuleId} > ${test.fullName} (${outcome})`, ...said].join('\n      '),
    )
  }

  onTestRunEnd() {
    const lines = this.retried.map((line) => `  ${line}`)
    console.log(
      this.retried.length
        ? `\nTests that needed a retry (${this.retried.length}):\n${lines.join('\n')}\n`
        : '\nNo test needed a retry.\n',
    )
    const file = process.env.RETRIED_TESTS_FILE
    if (file && this.retried.length) fs.appendFileSync(file, `${this.retried.join('\n')}\n`)
  }
}
