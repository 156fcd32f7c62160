'use client'

import { type FormEvent, Fragment, useState } from 'react'
import styled from 'styled-components'
import { useSWRConfig } from 'swr'

import { adminPath, apiFetch, useAdmin } from '../api'
import { Modal } from '@/components/Modal'
import { notifyError, notifySuccess } from '../notify'
import { DataState } from '../parts'
import type { PersonRecords } from '../types'
import { Button, Dl, Input, Label, Muted, Panel, PanelTitle, Row } from '../ui'

/** `waitlist-entries` → `Waitlist entries`. */
const titleOf = (slug: string) => {
  const words = slug.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const shown = (value: unknown) =>
  Array.isArray(value)
    ? value
        .map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item)))
        .join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

/** One stored document: every field that has a value. */
function StoredDocument({ doc }: { doc: Record<string, unknown> }) {
  const fields = Object.entries(doc).filter(
    ([, value]) =>
      value !== null &&
      value !== undefined &&
      value !== '' &&
      !(Array.isArray(value) && !value.length),
  )
  return (
    <Dl>
      {fields.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd>{shown(value)}</dd>
        </Fragment>
      ))}
    </Dl>
  )
}

/**
 * One person, everywhere (docs/decisions/0112-one-person-export-and-erase.md): every record held
 * about an address, its JSON export and its erasure. Full admins only.
 */
export function PeopleTab() {
  const [draft, setDraft] = useState('')
  const [email, setEmail] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [erasing, setErasing] = useState(false)
  const path = email ? adminPath('people', { email }) : null
  const { data, error, isLoading, mutate } = useAdmin<PersonRecords>(path)
  const { mutate: mutateCache } = useSWRConfig()

  const lookUp = (event: FormEvent) => {
    event.preventDefault()
    setEmail(draft.trim() || null)
  }

  const erase = async () => {
    if (!path || !data) return
    setErasing(true)
    try {
      const result = await apiFetch<{ total: number }>(path, { method: 'DELETE' })
      notifySuccess('Erased', `${result.total} records removed for ${data.email}.`)
      setConfirming(false)
      // Every other tab's answers held in memory may show the person: forgotten, so each list asks
      // the server again when it is opened.
      await mutateCache(
        (key) => typeof key === 'string' && key.startsWith('/api/admin/') && key !== path,
        undefined,
        { revalidate: false },
      )
      await mutate()
    } catch (failure) {
      notifyError('Erase failed', failure)
    } finally {
      setErasing(false)
    }
  }

  const groups = Object.entries(data?.records ?? {})
  return (
    <Layout>
      <Panel as="form" onSubmit={lookUp} aria-label="Find a person">
        <PanelTitle>Find a person</PanelTitle>
        <Muted>
          Every record held about one email address: signups, messages, survey answers, consents,
          preferences, sent email and suppressions.
        </Muted>
        <Row $wrap>
          <Label>
            Email address
            <Input
              type="email"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              required
              autoComplete="off"
            />
          </Label>
          <Button type="submit" variant="primary">
            Look up
          </Button>
        </Row>
      </Panel>
      {email && (
        <DataState isLoading={isLoading} error={error} isEmpty={false} empty="">
          {data && (
            <>
              <Row $wrap>
                <Summary>
                  {data.total === 0
                    ? `No records found for ${data.email}.`
                    : `${data.total} ${data.total === 1 ? 'record' : 'records'} for ${data.email}`}
                </Summary>
                {data.total > 0 && (
                  <>
                    <Button href={adminPath('people/export', { email: data.email })} download>
                      Export JSON
                    </Button>
                    <Button variant="danger" mutates onClick={() => setConfirming(true)}>
                      Erase
                    </Button>
                  </>
                )}
              </Row>
              {groups.map(([slug, docs]) => (
                <Panel key={slug} aria-label={titleOf(slug)}>
                  <PanelTitle>
                    {titleOf(slug)} ({docs.length})
                  </PanelTitle>
                  {docs.map((doc) => (
                    <Item key={String(doc.id)}>
                      <StoredDocument doc={doc} />
                    </Item>
                  ))}
                </Panel>
              ))}
            </>
          )}
        </DataState>
      )}
      <Modal
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        look="admin"
        label="Erase this person?"
      >
        <Muted>
          Every one of the {data?.total} records for <strong>{data?.email}</strong> is deleted. This
          cannot be undone. If they had unsubscribed or their mail bounced, only a salted hash of
          the address is kept, so that no bulk mail reaches it again.
        </Muted>
        <Row $wrap>
          <Button variant="danger" onClick={erase} disabled={erasing}>
            {erasing ? 'Erasing…' : 'Erase permanently'}
          </Button>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
        </Row>
      </Modal>
    </Layout>
  )
}

const Layout = styled.div`
  display: grid;
  gap: 16px;
`

const Summary = styled.p`
  flex: 1 1 auto;
  margin: 0;
  font-weight: 600;
`

const Item = styled.div`
  padding: 10px 0;
  border-top: 1px solid var(--theme-elevation-100);
  &:first-of-type {
    border-top: 0;
  }
`
