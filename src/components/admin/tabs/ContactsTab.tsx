'use client'

import { useState } from 'react'

import { useNotify } from '@/components/site/notifications/Notifications'
import { CONTACT_STATUSES } from '@/lib/constants'

import { type Page, adminPath, apiFetch, errorText, useAdmin } from '../api'
import { EmailFormModal } from '../EmailFormModal'
import { Modal } from '../Modal'
import { DEMO_HINT, DataState, Pager, formatDateTime, useIsDemo, SearchBox } from '../parts'
import { Button, Dl, Panel, Pill, Pre, Row, Select, Stat, StatGrid, Table, TableWrap } from '../ui'
import { ReplySuggestion } from './ReplySuggestion'

type Contact = {
  id: number
  name: string
  email: string
  subject: string
  message: string
  submittedAt: string | null
  status: string
  priority: string
  tags: string[]
}

type ContactStats = { total: number; unread: number; read: number; replied: number }

export function ContactsTab() {
  const notify = useNotify()
  const isDemo = useIsDemo()
  const [status, setStatusFilter] = useState('all')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [opened, setOpened] = useState<Contact | null>(null)
  const [replyTo, setReplyTo] = useState<Contact | null>(null)

  const stats = useAdmin<{ data: ContactStats }>('/api/admin/contacts/stats')
  const list = useAdmin<Page<Contact>>(adminPath('contacts', { status, search, page }))
  const refresh = () => Promise.all([list.mutate(), stats.mutate()])

  const changeStatus = async (contact: Contact, next: string, isQuiet = false) => {
    try {
      await apiFetch(`/api/admin/contacts/${contact.id}/status`, {
        method: 'PATCH',
        body: { status: next },
      })
      if (!isQuiet) notify({ title: 'Contact status updated' })
      await refresh()
    } catch (error) {
      if (!isQuiet)
        notify({ title: 'Update failed', description: errorText(error), variant: 'destructive' })
    }
  }

  // Opening an unread message marks it read (spec §4); demo users only look.
  const open = (contact: Contact) => {
    setOpened(contact)
    if (contact.status === 'unread' && !isDemo) void changeStatus(contact, 'read', true)
  }

  return (
    <Panel aria-label="Contact Messages">
      <StatGrid>
        <Stat label="Total" value={stats.data?.data.total} />
        <Stat label="Unread" value={stats.data?.data.unread} />
        <Stat label="Read" value={stats.data?.data.read} />
        <Stat label="Replied" value={stats.data?.data.replied} />
      </StatGrid>
      <Row>
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={(event) => {
            setStatusFilter(event.target.value)
            setPage(1)
          }}
        >
          <option value="all">All statuses</option>
          {CONTACT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
        <SearchBox
          label="Search messages"
          placeholder="Search name, email or subject"
          value={search}
          onSearch={(value) => {
            setSearch(value)
            setPage(1)
          }}
        />
      </Row>
      <DataState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={list.data?.data.length === 0}
        empty="No contact messages yet"
      >
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th>From</th>
                <th>Subject</th>
                <th>Received</th>
                <th>Priority</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.data.map((contact) => (
                <tr key={contact.id} data-unread={contact.status === 'unread'}>
                  <td>
                    {contact.name}
                    <br />
                    {contact.email}
                  </td>
                  <td>{contact.subject}</td>
                  <td>{formatDateTime(contact.submittedAt)}</td>
                  <td>
                    <Pill $tone={contact.priority === 'urgent' ? 'error' : 'plain'}>
                      {contact.priority}
                    </Pill>
                  </td>
                  <td>
                    <Select
                      aria-label={`Status of message ${contact.id}`}
                      value={contact.status}
                      title={isDemo ? DEMO_HINT : undefined}
                      style={isDemo ? { opacity: 0.5 } : undefined}
                      onChange={(event) => changeStatus(contact, event.target.value)}
                    >
                      {CONTACT_STATUSES.map((value) => (
                        <option key={value} value={value}>
                          {value}
                        </option>
                      ))}
                    </Select>
                  </td>
                  <td>
                    <Row $wrap={false}>
                      <Button type="button" onClick={() => open(contact)}>
                        View
                      </Button>
                      <Button
                        type="button"
                        $demo={isDemo}
                        title={isDemo ? DEMO_HINT : undefined}
                        onClick={() => setReplyTo(contact)}
                      >
                        Reply
                      </Button>
                    </Row>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
        {list.data && <Pager {...list.data} onPage={setPage} />}
      </DataState>

      <Modal isOpen={opened !== null} onClose={() => setOpened(null)} title="Message details">
        {opened && (
          <>
            <Dl>
              <dt>From</dt>
              <dd>
                {opened.name} ({opened.email})
              </dd>
              <dt>Subject</dt>
              <dd>{opened.subject}</dd>
              <dt>Received</dt>
              <dd>{formatDateTime(opened.submittedAt)}</dd>
              <dt>Priority</dt>
              <dd>{opened.priority}</dd>
              <dt>Tags</dt>
              <dd>{opened.tags.join(', ') || '—'}</dd>
            </Dl>
            <Pre>{opened.message}</Pre>
            <Row>
              <Button
                type="button"
                $variant="primary"
                $demo={isDemo}
                onClick={() => {
                  setReplyTo(opened)
                  setOpened(null)
                }}
              >
                Reply
              </Button>
              <Button type="button" onClick={() => setOpened(null)}>
                Close
              </Button>
            </Row>
          </>
        )}
      </Modal>

      <EmailFormModal
        title={`Reply to ${replyTo?.name ?? ''}`}
        isOpen={replyTo !== null}
        initial={{ subject: replyTo ? `Re: ${replyTo.subject}` : '', message: '' }}
        endpoint={`/api/admin/contacts/${replyTo?.id}/reply`}
        notices={{ success: 'Reply sent successfully', failure: 'Failed to send reply' }}
        onClose={() => setReplyTo(null)}
        onSent={refresh}
        extra={(setMessage) => replyTo && <ReplySuggestion contact={replyTo} onUse={setMessage} />}
      />
    </Panel>
  )
}
