'use client'

import { useState } from 'react'

import { type Page, adminPath, useAdmin } from '../api'
import { DataState, Pager, formatDate } from '../parts'
import { Panel, Table, TableWrap } from '../ui'

type ParentInsight = {
  id: number
  name: string
  email: string
  childAge: string | null
  bookAttraction: string | null
  natureConnection: string | null
  parentingValues: string | null
  familyWish: string | null
  interests: string[]
  source: string | null
  submittedAt: string | null
}

export function ParentInsightsTab() {
  const [page, setPage] = useState(1)
  const list = useAdmin<Page<ParentInsight>>(adminPath('parent-insights', { page }))
  return (
    <Panel aria-label="Parent Insights">
      <DataState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={list.data?.data.length === 0}
        empty="No parent engagement data yet"
      >
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th>Parent</th>
                <th>Child age</th>
                <th>Picked up the book for</th>
                <th>Nature activity</th>
                <th>Parenting priority</th>
                <th>Wish</th>
                <th>Joined</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.data.map((row) => (
                <tr key={row.id}>
                  <td>
                    {row.name}
                    <br />
                    {row.email}
                  </td>
                  <td>{row.childAge ?? '—'}</td>
                  <td>{row.bookAttraction ?? '—'}</td>
                  <td>{row.natureConnection ?? '—'}</td>
                  <td>{row.parentingValues ?? '—'}</td>
                  <td>{row.familyWish ?? '—'}</td>
                  <td>{formatDate(row.submittedAt)}</td>
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
