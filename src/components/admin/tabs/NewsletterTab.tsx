'use client'

import { NEWSLETTER_RECENT_DAYS } from '@/lib/constants'

import { useAdmin } from '../api'
import { CsvExportButton } from '../CsvExportButton'
import { ImportSubscribers } from '../ImportSubscribers'
import { AdminList } from '../list/AdminList'
import { useAdminList } from '../list/useAdminList'
import { formatDate } from '../parts'
import type { NewsletterStats, Subscriber } from '../types'
import { Pill } from '../ui'

export function NewsletterTab() {
  const state = useAdminList<Subscriber>('newsletter')
  const stats = useAdmin<{ data: NewsletterStats }>('/api/admin/newsletter/stats')
  return (
    <AdminList
      label="Newsletter"
      state={state}
      stats={[
        { label: 'Subscribers', value: stats.data?.data.total },
        {
          label: `New in the last ${NEWSLETTER_RECENT_DAYS} days`,
          value: stats.data?.data.recentSignups,
        },
      ]}
      search={{ label: 'Search subscribers', placeholder: 'Search email or name' }}
      actions={
        <>
          <ImportSubscribers
            onImported={() => {
              void state.list.mutate()
              void stats.mutate()
            }}
          />
          <CsvExportButton href="/api/admin/newsletter/export" />
        </>
      }
      empty="No newsletter subscribers yet"
      columns={[
        { header: 'Email', cell: (row) => row.email },
        { header: 'First name', cell: (row) => row.firstName ?? '—' },
        { header: 'Subscribed', cell: (row) => formatDate(row.subscribedAt) },
        { header: 'Interests', cell: (row) => row.interests.join(', ') || '—' },
        { header: 'Source', cell: (row) => row.consentSource ?? '—' },
        {
          header: 'Confirmed',
          cell: (row) => (
            <Pill tone={row.doubleOptInConfirmed ? 'success' : 'plain'}>
              {row.doubleOptInConfirmed ? 'Yes' : 'Pending'}
            </Pill>
          ),
        },
      ]}
    />
  )
}
