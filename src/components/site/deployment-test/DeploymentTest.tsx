'use client'

import { useCallback, useEffect, useState } from 'react'
import styled from 'styled-components'

import { colors } from '../theme'
import { Button, ButtonLink, ButtonRow, Card, Heading, Muted, Stack } from '../ui'
import {
  CHECK_NAMES,
  type CheckResult,
  type CheckStatus,
  overallStatus,
  runChecks,
  textReport,
} from './checks'

const STATUS_LABEL: Record<CheckStatus, string> = { pass: 'Pass', warning: 'Warning', fail: 'Fail' }
const STATUS_COLOR: Record<CheckStatus, string> = {
  pass: colors.success,
  warning: colors.gold,
  fail: colors.danger,
}

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
        <Overall data-testid="overall-status" $status={status}>
          {running ? 'Running checks...' : status}
        </Overall>
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
        <Results>
          {(
            results ?? CHECK_NAMES.map((name) => ({ name, status: null, detail: 'Running...' }))
          ).map((check) => (
            <Row key={check.name} data-status={check.status ?? 'pending'}>
              <Name>{check.name}</Name>
              <Status $status={check.status}>
                {check.status ? STATUS_LABEL[check.status] : 'Pending'}
              </Status>
              <Detail>{check.detail}</Detail>
            </Row>
          ))}
        </Results>
      </Card>

      <Card>
        <Heading as="h2">Text report</Heading>
        <Report data-testid="text-report">
          {results && ranAt ? textReport(results, ranAt) : 'Running...'}
        </Report>
      </Card>
    </Stack>
  )
}

const Overall = styled.p<{ $status: string | null }>`
  margin: 4px 0 16px;
  font-size: clamp(1.5rem, 5vw, 2.2rem);
  font-weight: 800;
  color: ${({ $status }) =>
    $status === 'READY'
      ? colors.success
      : $status === 'NOT READY'
        ? colors.danger
        : $status
          ? colors.gold
          : colors.text};
`

const Results = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  gap: 10px;
`

const Row = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  padding: 12px 0;
  border-top: 1px solid ${colors.border};
`

const Name = styled.span`
  font-weight: 700;
`

const Status = styled.span<{ $status: CheckStatus | null }>`
  font-weight: 700;
  color: ${({ $status }) => ($status ? STATUS_COLOR[$status] : colors.muted)};
`

const Detail = styled.span`
  grid-column: 1 / -1;
  color: ${colors.muted};
  overflow-wrap: anywhere;
`

const Report = styled.pre`
  margin: 16px 0 0;
  padding: 16px;
  border-radius: 12px;
  background: rgba(0, 0, 0, 0.35);
  color: ${colors.text};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: 0.85rem;
  /* Room for the whole report (13 lines) before it exists. */
  min-height: calc(13 * 1.5em + 32px);
  line-height: 1.5;
`
