'use client'

import { useState } from 'react'

import { NEWSLETTER_RECENT_DAYS } from '@/lib/constants'

import { type Page, adminPath, useAdmin } from '../api'
import { CsvExportButton } from '../CsvExportButton'
import { DataState, Pager, formatDate, SearchBox } from '../parts'
import { Panel, Pill, Row, Spacer, Stat, StatGrid, Table, TableWrap } from '../ui'

type Subscriber = {
  id: number
  email: string
  firstName: string | null
  subscribedAt: string | null
  interests: string[]
  consentSource: string | null
  doubleOptInConfirmed: boolean
}

export function NewsletterTab() {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const stats = useAdmin<{ data: { total: number; recentSignups: number } }>(
    '/api/admin/newsletter/stats',
  )
  const list = useAdmin<Page<Subscriber>>(adminPath('newsletter', { search, page }))
  return (
    <Panel aria-label="Newsletter">
      <StatGrid>
        <Stat label="Subscribers" value={stats.data?.data.total} />
        <Stat
          label={`New in the last ${NEWSLETTER_RECENT_DAYS} days`}
          value={stats.data?.data.recentSignups}
        />
      </StatGrid>
      <Row>
        <SearchBox
          label="Search subscribers"
          placeholder="Search email or name"
          value={search}
          onSearch={(value) => {
            setSearch(value)
            setPage(1)
          }}
        />
        <Spacer />
        <CsvExportButton href="/api/admin/newsletter/export" />
      </Row>
      <DataState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={list.data?.data.length === 0}
        empty="No newsletter subscribers yet"
      >
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th>Email</th>
                <th>First name</th>
                <th>Subscribed</th>
                <th>Interests</th>
                <th>Source</th>
                <th>Confirmed</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.data.map((row) => (
                <tr key={row.id}>
                  <td>{row.email}</td>
                  <td>{row.firstName ?? '—'}</td>
                  <td>{formatDate(row.subscribedAt)}</td>
                  <td>{row.interests.join(', ') || '—'}</td>
                  <td>{row.consentSource ?? '—'}</td>
                  <td>
                    <Pill $tone={row.doubleOptInConfirmed ? 'success' : 'plain'}>
                      {row.doubleOptInConfirmed ? 'Yes' : 'Pending'}
                    </Pill>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
        {list.data && <Pager {...list.data} onPage={setPage} />}
      </DataState>
    </Panel>
  )
}
