'use client'

import styled from 'styled-components'

import { PRODUCTS } from '@/lib/constants'

import { useAdmin } from '../api'
import { DayBars, DayLine, HorizontalBars } from '../charts'
import { DataState } from '../parts'
import type { Overview } from '../types'
import { Muted, Panel, PanelTitle, Row, Stat, StatGrid } from '../ui'
import { Funnels } from './overview/Funnels'
import { RangePicker } from './overview/RangePicker'
import { useOverviewRange } from './overview/useOverviewRange'

type DayCount = Overview['newsletterByDay'][number]

/** Signups per day with one value per product, in PRODUCTS order. */
const signupDays = (rows: Overview['signupsByDay']) => {
  const byDate = new Map<string, number[]>()
  for (const row of rows) {
    const values = byDate.get(row.date) ?? PRODUCTS.map(() => 0)
    values[PRODUCTS.indexOf(row.product as (typeof PRODUCTS)[number])] = row.count
    byDate.set(row.date, values)
  }
  return [...byDate].map(([date, values]) => ({ date, values }))
}

/** The running subscriber total: those who joined before the range, plus each day's signups. */
const growth = (rows: DayCount[], before: number) => {
  let running = before
  return rows.map((row) => ({ date: row.date, value: (running += row.count) }))
}

/** A top-ten list of the range, or a line saying it is empty. */
function TopList({ label, rows }: { label: string; rows: { label: string; count: number }[] }) {
  if (rows.length === 0) return <Muted>None in this range.</Muted>
  return (
    <HorizontalBars
      label={label}
      rows={rows.map((row) => ({ label: row.label, value: row.count }))}
    />
  )
}

export function OverviewTab() {
  const range = useOverviewRange()
  const { data, error, isLoading } = useAdmin<{ data: Overview }>(range.endpoint)
  const overview = data?.data
  return (
    <>
      <Toolbar>
        <RangePicker shown={overview && { from: overview.from, to: overview.to }} />
      </Toolbar>
      <DataState isLoading={isLoading} error={error} isEmpty={false} empty="">
        {overview && (
          <Charts>
            <Wide>
              <StatGrid>
                <Stat label="Waitlist entries" value={overview.totals.waitlist} />
                <Stat label="Subscribers" value={overview.totals.newsletter} />
                <Stat label="Messages" value={overview.totals.contacts} />
                <Stat label="Unread messages" value={overview.totals.unreadContacts} />
                <Stat
                  label={`Page views (${overview.days} ${overview.days === 1 ? 'day' : 'days'})`}
                  value={overview.totals.pageViews}
                />
              </StatGrid>
            </Wide>
            <Wide>
              <Panel>
                <PanelTitle>Funnel per product</PanelTitle>
                <Funnels funnels={overview.funnels} />
              </Panel>
            </Wide>
            <Panel>
              <PanelTitle>Waitlist signups per day by product</PanelTitle>
              <DayBars
                label="Waitlist signups per day by product"
                days={signupDays(overview.signupsByDay)}
                series={[...PRODUCTS]}
              />
            </Panel>
            <Panel>
              <PanelTitle>Newsletter growth</PanelTitle>
              <DayLine
                label="Newsletter subscribers over time"
                points={growth(overview.newsletterByDay, overview.newsletterBefore)}
              />
            </Panel>
            <Panel>
              <PanelTitle>Page views per day</PanelTitle>
              <DayBars
                label="Page views per day"
                days={overview.pageViewsByDay.map((day) => ({
                  date: day.date,
                  values: [day.count],
                }))}
              />
            </Panel>
            <Panel>
              <PanelTitle>Top pages</PanelTitle>
              <HorizontalBars
                label="Top pages"
                rows={overview.topPages.map((row) => ({ label: row.page, value: row.count }))}
              />
            </Panel>
            <Panel>
              <PanelTitle>Top sources</PanelTitle>
              <TopList label="Top sources" rows={overview.sources} />
            </Panel>
            <Panel>
              <PanelTitle>Top campaigns</PanelTitle>
              <TopList label="Top campaigns" rows={overview.campaigns} />
            </Panel>
            <Panel>
              <PanelTitle>Devices</PanelTitle>
              <TopList label="Devices" rows={overview.devices} />
            </Panel>
            <Panel>
              <PanelTitle>Scroll depth (home)</PanelTitle>
              <HorizontalBars
                label="Scroll depth"
                rows={overview.scrollDepth.map((row) => ({
                  label: `${row.depth}%`,
                  value: row.count,
                }))}
              />
            </Panel>
          </Charts>
        )}
      </DataState>
    </>
  )
}

const Charts = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
`
const Toolbar = styled(Row)`
  margin-bottom: 16px;
`
const Wide = styled.div`
  grid-column: 1 / -1;
`
