'use client'

import { useAuth, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'
import styled from 'styled-components'

import type { SessionView } from '@/services/auth/sessions/manage'

import { apiFetch, useAdmin } from '../api'
import { notifyError, notifySuccess } from '../notify'
import { DataState, formatDateTime } from '../parts'
import { Button, Muted, Panel, PanelTitle, Pill, Row } from '../ui'

/**
 * The sessions of the user on this page (decision 0216): one's own on the account page, with
 * "Sign out" for each other one and for all of them; another user's for a full admin.
 */
export function SessionsField() {
  const { id } = useDocumentInfo()
  const { user } = useAuth()
  const isOwn = user?.id === id
  const base = id ? `/api/admin/users/${id}/sessions` : null
  const { data, error, isLoading, mutate } = useAdmin<{ sessions: SessionView[] }>(base)
  const [busy, setBusy] = useState(false)
  const sessions = data?.sessions ?? []
  const others = sessions.filter((session) => !session.current)

  const end = async (path: string, done: string) => {
    setBusy(true)
    try {
      const { ended } = await apiFetch<{ ended: number }>(path, { method: 'DELETE' })
      notifySuccess(done, ended === 1 ? 'One session ended.' : `${ended} sessions ended.`)
    } catch (failure) {
      notifyError('Could not sign out', failure)
    } finally {
      setBusy(false)
      await mutate()
    }
  }

  if (!base) return null
  return (
    <Sessions aria-labelledby="sessions-title" data-testid="sessions">
      <Row>
        <PanelTitle id="sessions-title">{isOwn ? 'Your sessions' : 'Sessions'}</PanelTitle>
        <Muted>Unused sessions end by themselves after a while.</Muted>
      </Row>
      <DataState
        isLoading={isLoading}
        error={error}
        isEmpty={sessions.length === 0}
        empty="No one is signed in to this account."
      >
        <Table>
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">Network</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <Hidden>Action</Hidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id} data-current={session.current || undefined}>
                <td>{session.browser}</td>
                <td>{session.network ?? '—'}</td>
                <td>{formatDateTime(session.signedInAt)}</td>
                <td>{formatDateTime(session.lastSeenAt)}</td>
                <td>
                  {session.current ? (
                    <Pill tone="success">This session</Pill>
                  ) : (
                    <Button
                      disabled={busy}
                      onClick={() =>
                        end(`${base}/${encodeURIComponent(session.id)}`, 'Session signed out')
                      }
                    >
                      Sign out
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </DataState>
      {others.length > 0 && (
        <Row>
          <Button disabled={busy} onClick={() => end(base, 'Signed out')}>
            {isOwn ? 'Sign out all other sessions' : 'Sign out everywhere'}
          </Button>
        </Row>
      )}
    </Sessions>
  )
}

/** Apart from the form's fields above it. */
const Sessions = styled(Panel)`
  margin-top: calc(var(--base, 20px) * 1.5);
`

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px 10px;
    text-align: left;
    border-bottom: 1px solid var(--theme-elevation-100);
    vertical-align: middle;
  }
  th {
    font-size: 0.85rem;
    color: var(--theme-elevation-600);
    font-weight: 600;
  }
  tr[data-current] td {
    background: var(--theme-elevation-50);
  }
`

/** Read by screen readers only: the action column's header. */
const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`
