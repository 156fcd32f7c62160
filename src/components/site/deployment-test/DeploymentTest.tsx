'use client'

import { useCallback, useEffect, useState } from 'react'

import { Button, ButtonLink, ButtonRow, Card, Heading, Muted, Stack } from '../ui'
import {
  CHECK_NAMES,
  type CheckResult,
  type CheckStatus,
  overallStatus,
  runChecks,
  textReport,
} from './checks'
import styles from './DeploymentTest.module.css'

const STATUS_LABEL: Record<CheckStatus, string> = { pass: 'Pass', warning: 'Warning', fail: 'Fail' }

/** Runs the checks once the page has loaded, and again on 'Run Tests'. */
export function DeploymentTest() {
  const [results, setResults] = useState<CheckResult[] | null>(null)
  const [ranAt, setRanAt] = useState<Date | null>(null)
  const [running, setRunning] = useState(true)

  const run = useCallback(async () => {
    setRunning(true)
    const checked = await runChecks()
    setResults(checked)
    setRanAt(new Date())
    setRunning(false)
  }, [])

  useEffect(() => {
    // After the load event, so the load time is known.
    const start = () => setTimeout(() => void run(), 0)
    if (document.readyState === 'complete') {
      const timer = start()
      return () => clearTimeout(timer)
    }
    window.addEventListener('load', start, { once: true })
    return () => window.removeEventListener('load', start)
  }, [run])

  const status = results ? overallStatus(results) : null
  return (
    <Stack $gap={24}>
      <Card aria-live="polite">
        <Muted>Overall status</Muted>
        <p className={styles.overall} data-testid="overall-status" data-status={status}>
          {running ? 'Running checks...' : status}
        </p>
        <ButtonRow>
          {/* One label throughout: a changing width would shift the link beside it. */}
          <Button type="button" onClick={() => void run()} disabled={running} aria-busy={running}>
            Run Tests
          </Button>
          <ButtonLink href="/" $variant="secondary">
            Back to Home
          </ButtonLink>
        </ButtonRow>
      </Card>

      {/* Listed before they run, so the results replace text in place: nothing shifts. */}
      <Card>
        <Heading as="h2">Checks</Heading>
        <ul className={styles.results}>
          {(
            results ?? CHECK_NAMES.map((name) => ({ name, status: null, detail: 'Running...' }))
          ).map((check) => (
            <li key={check.name} className={styles.row} data-status={check.status ?? 'pending'}>
              <span className={styles.name}>{check.name}</span>
              <span className={styles.status}>
                {check.status ? STATUS_LABEL[check.status] : 'Pending'}
              </span>
              <span className={styles.detail}>{check.detail}</span>
            </li>
          ))}
        </ul>
      </Card>

      <Card>
        <Heading as="h2">Text report</Heading>
        <pre className={styles.report} data-testid="text-report">
          {results && ranAt ? textReport(results, ranAt) : 'Running...'}
        </pre>
      </Card>
    </Stack>
  )
}
