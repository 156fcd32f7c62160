'use client'

import { AdminList, Clip } from '../list/AdminList'
import { useAdminList } from '../list/useAdminList'
import { formatDate } from '../parts'
import type { ParentInsight } from '../types'

export function ParentInsightsTab() {
  const state = useAdminList<ParentInsight>('parent-insights')
  return (
    <AdminList
      label="Parent Insights"
      state={state}
      empty="No parent engagement data yet"
      columns={[
        {
          header: 'Parent',
          cell: (row) => (
            <>
              <Clip>{row.name}</Clip>
              <Clip>{row.email}</Clip>
            </>
          ),
        },
        { header: 'Child age', cell: (row) => row.childAge ?? '—' },
        { header: 'Picked up the book for', cell: (row) => row.bookAttraction ?? '—' },
        { header: 'Nature activity', cell: (row) => row.natureConnection ?? '—' },
        { header: 'Parenting priority', cell: (row) => row.parentingValues ?? '—' },
        { header: 'Wish', cell: (row) => row.familyWish ?? '—' },
        { header: 'Joined', cell: (row) => formatDate(row.submittedAt) },
      ]}
    />
  )
}
