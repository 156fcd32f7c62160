'use client'

import { useState } from 'react'

import { CONTACT_STATUSES } from '@/lib/constants'

import { DEMO_HINT, useIsDemo } from '../access'
import { useAdmin } from '../api'
import { EmailFormModal } from '../EmailFormModal'
import { AdminList, Clip } from '../list/AdminList'
import { patchRow, useAdminList } from '../list/useAdminList'
import { Modal } from '@/components/Modal'
import { LABELS, choices, formatDateTime, labelOf } from '../parts'
import type { Contact, ContactStats } from '../types'
import { Button, Dl, Pill, Pre, Row, Select } from '../ui'
import { ReplySuggestion } from './ReplySuggestion'

export function ContactsTab() {
  const isDemo = useIsDemo()
  const state = useAdminList<Contact, { status: string }>('contacts', { status: 'all' })
  const [opened, setOpened] = useState<Contact | null>(null)
  const [replyTo, setReplyTo] = useState<Contact | null>(null)

  const stats = useAdmin<{ data: ContactStats }>('/api/admin/contacts/stats')
  const refresh = () => Promise.all([state.list.mutate(), stats.mutate()])

  const changeStatus = (contact: Contact, status: string, isQuiet = false) =>
    patchRow(
      `/api/admin/contacts/${contact.id}/status`,
      { status },
      isQuiet ? null : 'Contact status updated',
      refresh,
    )

  // Opening an unread message marks it read (spec §4); demo users only look.
  const open = (contact: Contact) => {
    setOpened(contact)
    if (contact.status === 'unread' && !isDemo) void changeStatus(contact, 'read', true)
  }

  return (
    <AdminList
      label="Contact Messages"
      state={state}
      stats={[
        { label: 'Total', value: stats.data?.data.total },
        { label: 'Unread', value: stats.data?.data.unread },
        { label: 'Read', value: stats.data?.data.read },
        { label: 'Replied', value: stats.data?.data.replied },
      ]}
      filters={[
        {
          name: 'status',
          label: 'Filter by status',
          options: choices('All statuses', CONTACT_STATUSES),
        },
      ]}
      search={{ label: 'Search messages', placeholder: 'Search name, email or subject' }}
      empty="No contact messages yet"
      emptyFiltered="No contact messages with this status"
      rowProps={(contact) => ({ 'data-unread': contact.status === 'unread' })}
      columns={[
        {
          header: 'From',
          cell: (contact) => (
            <>
              <Clip>{contact.name}</Clip>
              <Clip>{contact.email}</Clip>
            </>
          ),
        },
        { header: 'Subject', cell: (contact) => labelOf(contact.subject, LABELS.subject) },
        { header: 'Received', cell: (contact) => formatDateTime(contact.submittedAt) },
        {
          header: 'Priority',
          cell: (contact) => (
            <Pill tone={contact.priority === 'urgent' ? 'error' : 'plain'}>
              {labelOf(contact.priority)}
            </Pill>
          ),
        },
        {
          header: 'Status',
          cell: (contact) => (
            <Select
              aria-label={`Status of message ${contact.id}`}
              value={contact.status}
              title={isDemo ? DEMO_HINT : undefined}
              className={isDemo ? 'admin-demo' : undefined}
              onChange={(event) => changeStatus(contact, event.target.value)}
            >
              {CONTACT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {labelOf(value)}
                </option>
              ))}
            </Select>
          ),
        },
        {
          header: 'Actions',
          cell: (contact) => (
            <Row $wrap={false}>
              <Button onClick={() => open(contact)}>View</Button>
              <Button mutates onClick={() => setReplyTo(contact)}>
                Reply
              </Button>
            </Row>
          ),
        },
      ]}
    >
      <Modal
        isOpen={opened !== null}
        onClose={() => setOpened(null)}
        look="admin"
        label="Message details"
      >
        {opened && (
          <>
            <Dl>
              <dt>From</dt>
              <dd>
                {opened.name} ({opened.email})
              </dd>
              <dt>Subject</dt>
              <dd>{labelOf(opened.subject, LABELS.subject)}</dd>
              <dt>Received</dt>
              <dd>{formatDateTime(opened.submittedAt)}</dd>
              <dt>Priority</dt>
              <dd>{labelOf(opened.priority)}</dd>
              <dt>Tags</dt>
              <dd>{opened.tags.join(', ') || '—'}</dd>
            </Dl>
            <Pre>{opened.message}</Pre>
            <Row>
              <Button
                variant="primary"
                mutates
                onClick={() => {
                  setReplyTo(opened)
                  setOpened(null)
                }}
              >
                Reply
              </Button>
              <Button onClick={() => setOpened(null)}>Close</Button>
            </Row>
          </>
        )}
      </Modal>

      <EmailFormModal
        title={`Reply to ${replyTo?.name ?? ''}`}
        isOpen={replyTo !== null}
        initial={{
          subject: replyTo ? `Re: ${labelOf(replyTo.subject, LABELS.subject)}` : '',
          message: '',
        }}
        endpoint={`/api/admin/contacts/${replyTo?.id}/reply`}
        notices={{ success: 'Reply sent successfully', failure: 'Failed to send reply' }}
        onClose={() => setReplyTo(null)}
        onSent={refresh}
        extra={(setMessage) => replyTo && <ReplySuggestion contact={replyTo} onUse={setMessage} />}
      />
    </AdminList>
  )
}
