import fs from 'node:fs'

import type { Reporter, TestCase } from 'vitest/node'

/**
 * Names every test that needed its second try (decision 0094): printed at the end of the run, and
 * appended to RETRIED_TESTS_FILE when set, so `npm test` can list them once after every suite. The
 * target is none: each one is a race to fix, not to leave to the retry.
 */
export default class RetriedTests implements Reporter {
  private retried: string[] = []

  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0
    if (retries === 0) return
    const outcome = test.result().state === 'passed' ? 'passed on its retry' : 'failed twice'
    this.retried.push(`${test.module.relativeModuleId} > ${test.fullName} (${outcome})`)
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
