'use client'

import { useState } from 'react'

import { PRODUCTS } from '@/lib/constants'
import { waitlistWelcomeEmail } from '@/lib/email/welcome'

import { DEMO_HINT, useIsDemo } from '../access'
import { adminPath, useAdmin } from '../api'
import { CsvExportButton } from '../CsvExportButton'
import { EmailFormModal } from '../EmailFormModal'
import { AdminList } from '../list/AdminList'
import { patchRow, useAdminList } from '../list/useAdminList'
import { LABELS, choices, formatDate, labelOf } from '../parts'
import type { WaitlistEntry, WaitlistStats } from '../types'
import { Button, Select } from '../ui'
import { WaitlistLeaderboard } from './WaitlistLeaderboard'

export function WaitlistTab() {
  const isDemo = useIsDemo()
  const state = useAdminList<WaitlistEntry, { product: string }>('waitlist', { product: 'all' })
  const { product } = state.filters
  const [recipient, setRecipient] = useState<WaitlistEntry | null>(null)

  const stats = useAdmin<{ data: WaitlistStats }>(adminPath('waitlist/stats', { product }))
  const refresh = () => Promise.all([state.list.mutate(), stats.mutate()])
  const place = (value: number | null) => (value === null ? '—' : value)

  const setStatus = (entry: WaitlistEntry, status: string) =>
    patchRow(`/api/admin/waitlist/${entry.id}/status`, { status }, 'Status updated', refresh)

  return (
    <AdminList
      label="Waitlist Management"
      state={state}
      stats={[
        { label: 'Total', value: stats.data?.data.total },
        { label: 'Active', value: stats.data?.data.active },
        { label: 'Inactive', value: stats.data?.data.inactive },
      ]}
      filters={[
        {
          name: 'product',
          label: 'Product',
          options: choices('All products', PRODUCTS, LABELS.product),
        },
      ]}
      intro={<WaitlistLeaderboard product={product} />}
      search={{ label: 'Search waitlist', placeholder: 'Search email or name' }}
      actions={<CsvExportButton href={adminPath('waitlist/export', { product })} />}
      empty="No waitlist entries found for all products."
      emptyFiltered={`No waitlist entries found for ${labelOf(product, LABELS.product)}.`}
      columns={[
        { header: 'Name', cell: (entry) => entry.name },
        { header: 'Email', cell: (entry) => entry.email },
        { header: 'Product', cell: (entry) => labelOf(entry.product, LABELS.product) },
        { header: 'Joined', cell: (entry) => formatDate(entry.joinedAt) },
        { header: 'Position', cell: (entry) => place(entry.position) },
        { header: 'Referrals', cell: (entry) => place(entry.referrals) },
        { header: 'Confirmed', cell: (entry) => formatDate(entry.confirmedAt) },
        { header: 'Interests', cell: (entry) => entry.interests.join(', ') || '—' },
        {
          header: 'Status',
          cell: (entry) => (
            <Select
              aria-label={`Status of ${entry.email}`}
              value={entry.status}
              title={isDemo ? DEMO_HINT : undefined}
              className={isDemo ? 'admin-demo' : undefined}
              onChange={(event) => setStatus(entry, event.target.value)}
            >
              {Object.entries(LABELS.waitlistStatus).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          ),
        },
        {
          header: 'Actions',
          cell: (entry) => (
            <Button mutates onClick={() => setRecipient(entry)}>
              Send Email
            </Button>
          ),
        },
      ]}
    >
      <EmailFormModal
        title={`Send email to ${recipient?.name ?? ''}`}
        isOpen={recipient !== null}
        initial={waitlistWelcomeEmail(recipient?.name)}
        endpoint={`/api/admin/waitlist/${recipient?.id}/send-email`}
        notices={{ success: 'Email sent successfully', failure: 'Failed to send email' }}
        onClose={() => setRecipient(null)}
        onSent={refresh}
      />
    </AdminList>
  )
}
