'use client'

import styled from 'styled-components'

import type { SystemStatus } from '@/services/system/status'

import { useAdmin } from '../api'
import { DataState, formatDateTime } from '../parts'
import { Button, Muted, Panel, PanelTitle, Pill, Row, Spacer, Stat, StatGrid } from '../ui'

/** Seconds as a short duration: `42 s`, `7 min`, `3 h`. */
const duration = (seconds: number | null) => {
  if (seconds === null) return '—'
  if (seconds < 90) return `${Math.round(seconds)} s`
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`
  return `${Math.round(seconds / 3600)} h`
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/**
 * The System view (decision 0226): the instances by their heartbeats, the jobs queue, email
 * sending, the page cache's last revalidation, the last backup and the errors of the last hour
 * with their request ids. Read once when opened; Refresh reads it again.
 */
export function SystemTab() {
  const { data, error, isLoading, mutate, isValidating } =
    useAdmin<SystemStatus>('/api/admin/system')
  return (
    <DataState isLoading={isLoading} error={error} isEmpty={!data} empty="No status yet.">
      {data && (
        <Grid>
          <Panel aria-labelledby="system-instances">
            <Row>
              <PanelTitle id="system-instances">Instances</PanelTitle>
              <Spacer />
              <Muted>As of {formatDateTime(data.generatedAt)}</Muted>
              <Button onClick={() => void mutate()} disabled={isValidating}>
                Refresh
              </Button>
            </Row>
            {data.instances.length === 0 ? (
              <Muted>No instance has written a heartbeat in the last 15 minutes.</Muted>
            ) : (
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Instance</th>
                    <th scope="col">State</th>
                    <th scope="col">Version</th>
                    <th scope="col">Build</th>
                    <th scope="col">Started</th>
                    <th scope="col">Last seen</th>
                  </tr>
                </thead>
                <tbody>
                  {data.instances.map((instance) => (
                    <tr key={instance.id}>
                      <td>{instance.id}</td>
                      <td>
                        <Pill tone={instance.state === 'running' ? 'success' : 'error'}>
                          {instance.state === 'running' ? 'Running' : 'Missing'}
                        </Pill>
                      </td>
                      <td>{instance.version}</td>
                      <td>
                        <code>{instance.buildId}</code>
                      </td>
                      <td>{formatDateTime(instance.startedAt)}</td>
                      <td>{formatDateTime(instance.lastSeenAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Panel>

          <Panel aria-labelledby="system-jobs">
            <PanelTitle id="system-jobs">Jobs queue</PanelTitle>
            <StatGrid>
              <Stat label="Waiting" value={data.jobs.waiting} />
              <Stat label="Oldest waiting" value={duration(data.jobs.oldestWaitingSeconds)} />
              <Stat label="Failed (last hour)" value={data.jobs.failedLastHour} />
            </StatGrid>
            {data.jobs.byTask.length > 0 && (
              <Muted>
                {data.jobs.byTask
                  .map((task) => `${task.task}: ${task.waiting} (${duration(task.oldestSeconds)})`)
                  .join(' · ')}
              </Muted>
            )}
          </Panel>

          <Panel aria-labelledby="system-email">
            <PanelTitle id="system-email">Email sending</PanelTitle>
            <StatGrid>
              <Stat label="Sent per minute (5 min)" value={data.email.sentPerMinute} />
              <Stat label="Sent (last hour)" value={data.email.sentLastHour} />
              <Stat label="Failed (last hour)" value={data.email.failedLastHour} />
              <Stat label="Suppressed addresses" value={data.email.activeSuppressions} />
              <Stat label="Suppressed (last day)" value={data.email.suppressionsLast24h} />
            </StatGrid>
          </Panel>

          <Panel aria-labelledby="system-cache">
            <PanelTitle id="system-cache">Page cache and backups</PanelTitle>
            <StatGrid>
              <Stat
                label="Last revalidation"
                value={formatDateTime(data.pageCache.lastRevalidationAt)}
              />
              <Stat
                label="Last backup"
                value={
                  data.backup
                    ? `${formatDateTime(data.backup.takenAt)} · ${megabytes(data.backup.sizeBytes)}`
                    : 'No backup yet'
                }
              />
            </StatGrid>
            {data.pageCache.lastRevalidatedPath && (
              <Muted>Last page refreshed: {data.pageCache.lastRevalidatedPath}</Muted>
            )}
          </Panel>

          <Panel aria-labelledby="system-errors">
            <PanelTitle id="system-errors">
              Errors in the last hour: {data.errors.lastHour}
            </PanelTitle>
            {data.errors.recent.length === 0 ? (
              <Muted>No request failed on the server in the last hour.</Muted>
            ) : (
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Request id</th>
                    <th scope="col">Route</th>
                    <th scope="col">Status</th>
                    <th scope="col">Error</th>
                    <th scope="col">Instance</th>
                  </tr>
                </thead>
                <tbody>
                  {data.errors.recent.map((failed, index) => (
                    <tr key={`${failed.occurredAt}-${index}`}>
                      <td>{formatDateTime(failed.occurredAt)}</td>
                      <td>
                        <code>{failed.requestId ?? '—'}</code>
                      </td>
                      <td>
                        {failed.method} {failed.route}
                      </td>
                      <td>{failed.status}</td>
                      <td>{failed.errorClass}</td>
                      <td>{failed.instanceId}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Panel>
        </Grid>
      )}
    </DataState>
  )
}

const Grid = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
`

// Wide tables scroll inside their panel rather than widening the page; the keyboard reaches them.
const Table = styled.table.attrs({ tabIndex: 0 })`
  display: block;
  overflow-x: auto;
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    text-align: left;
    padding: 6px 10px;
    border-bottom: 1px solid var(--theme-elevation-100);
    white-space: nowrap;
  }
  code {
    font-size: 0.85rem;
  }
`
