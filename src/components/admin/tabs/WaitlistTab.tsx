'use client'

import { useState } from 'react'

import { useNotify } from '@/components/site/notifications/Notifications'
import { PRODUCTS } from '@/lib/constants'
import { waitlistWelcomeEmail } from '@/lib/email/welcome'

import { type Page, adminPath, apiFetch, errorText, useAdmin } from '../api'
import { CsvExportButton } from '../CsvExportButton'
import { EmailFormModal } from '../EmailFormModal'
import { DEMO_HINT, DataState, Pager, formatDate, useIsDemo, SearchBox } from '../parts'
import { Button, Panel, Row, Select, Spacer, Stat, StatGrid, Table, TableWrap } from '../ui'

type WaitlistEntry = {
  id: number
  email: string
  name: string
  joinedAt: string | null
  product: string
  status: string
  interests: string[]
  referralSource: string | null
  emailOpened: boolean
  lastEmailSent: string | null
}

export const WAITLIST_STATUS_LABELS = { active: 'Active (Opened Email)', inactive: 'Inactive' }

export function WaitlistTab() {
  const notify = useNotify()
  const isDemo = useIsDemo()
  const [product, setProduct] = useState('all')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [recipient, setRecipient] = useState<WaitlistEntry | null>(null)

  const stats = useAdmin<{ data: { total: number; active: number; inactive: number } }>(
    adminPath('waitlist/stats', { product }),
  )
  const list = useAdmin<Page<WaitlistEntry>>(adminPath('waitlist', { product, search, page }))
  const refresh = () => Promise.all([list.mutate(), stats.mutate()])

  const setStatus = async (entry: WaitlistEntry, status: string) => {
    try {
      await apiFetch(`/api/admin/waitlist/${entry.id}/status`, {
        method: 'PATCH',
        body: { status },
      })
      notify({ title: 'Status updated' })
      await refresh()
    } catch (error) {
      notify({ title: 'Update failed', description: errorText(error), variant: 'destructive' })
    }
  }

  const productName = product === 'all' ? 'all products' : product
  return (
    <Panel aria-label="Waitlist Management">
      <StatGrid>
        <Stat label="Total" value={stats.data?.data.total} />
        <Stat label="Active" value={stats.data?.data.active} />
        <Stat label="Inactive" value={stats.data?.data.inactive} />
      </StatGrid>
      <Row>
        <Select
          aria-label="Product"
          value={product}
          onChange={(event) => {
            setProduct(event.target.value)
            setPage(1)
          }}
        >
          <option value="all">All products</option>
          {PRODUCTS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
        <SearchBox
          label="Search waitlist"
          placeholder="Search email or name"
          value={search}
          onSearch={(value) => {
            setSearch(value)
            setPage(1)
          }}
        />
        <Spacer />
        <CsvExportButton href={adminPath('waitlist/export', { product })} />
      </Row>
      <DataState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={list.data?.data.length === 0}
        empty={`No waitlist entries found for ${productName}.`}
      >
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Email</th>
                <th>Product</th>
                <th>Joined</th>
                <th>Interests</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.name}</td>
                  <td>{entry.email}</td>
                  <td>{entry.product}</td>
                  <td>{formatDate(entry.joinedAt)}</td>
                  <td>{entry.interests.join(', ') || '—'}</td>
                  <td>
                    <Select
                      aria-label={`Status of ${entry.email}`}
                      value={entry.status}
                      title={isDemo ? DEMO_HINT : undefined}
                      style={isDemo ? { opacity: 0.5 } : undefined}
                      onChange={(event) => setStatus(entry, event.target.value)}
                    >
                      {Object.entries(WAITLIST_STATUS_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </Select>
                  </td>
                  <td>
                    <Button
                      type="button"
                      $demo={isDemo}
                      title={isDemo ? DEMO_HINT : undefined}
                      onClick={() => setRecipient(entry)}
                    >
                      Send Email
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
        {list.data && <Pager {...list.data} onPage={setPage} />}
      </DataState>
      <EmailFormModal
        title={`Send email to ${recipient?.name ?? ''}`}
        isOpen={recipient !== null}
        initial={waitlistWelcomeEmail(recipient?.name)}
        endpoint={`/api/admin/waitlist/${recipient?.id}/send-email`}
        notices={{ success: 'Email sent successfully', failure: 'Failed to send email' }}
        onClose={() => setRecipient(null)}
        onSent={refresh}
      />
    </Panel>
  )
}
