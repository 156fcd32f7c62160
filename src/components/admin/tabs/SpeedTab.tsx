'use client'

import styled from 'styled-components'

import { VITAL_METRICS, VITAL_NAMES, type VitalMetric } from '@/lib/vitals'

import { useAdmin } from '../api'
import { DataState } from '../parts'
import type { Speed, VitalFigure } from '../types'
import { Muted, Panel, PanelTitle, Row } from '../ui'
import { RangePicker } from './overview/RangePicker'
import { useOverviewRange } from './overview/useOverviewRange'

const DEVICE_NAMES: Record<string, string> = {
  mobile: 'Phone',
  tablet: 'Tablet',
  desktop: 'Desktop',
}

const RATING_NAMES = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' }

/** A p75 in its unit: CLS as a score, timings in ms below a second, else in seconds. */
export const formatVital = (metric: VitalMetric, value: number) => {
  if (metric === 'cls') return value.toFixed(3)
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`
}

/** One metric's p75, coloured by Google's thresholds, with its sample count. */
function Figure({ metric, figure }: { metric: VitalMetric; figure: VitalFigure }) {
  if (figure.p75 === null || figure.rating === null)
    return (
      <Cell data-metric={metric} data-rating="too-few">
        <Few>{figure.samples === 0 ? '—' : 'too few'}</Few>
        <Count>{figure.samples} views</Count>
      </Cell>
    )
  return (
    <Cell data-metric={metric} data-rating={figure.rating} title={RATING_NAMES[figure.rating]}>
      <Value $rating={figure.rating}>{formatVital(metric, figure.p75)}</Value>
      <Count>
        {figure.samples} {figure.samples === 1 ? 'view' : 'views'}
      </Count>
    </Cell>
  )
}

type VitalsRow = {
  key: string
  /** The row's own columns; the first one heads the row. */
  cells: string[]
  /** The row's data attributes (what it shows, for the browser tests). */
  data: Record<`data-${string}`, string>
  metrics: Record<VitalMetric, VitalFigure>
}

/** The row's own columns, then one figure per metric; wider than a phone, it scrolls. */
function VitalsTable({ columns, rows }: { columns: string[]; rows: VitalsRow[] }) {
  return (
    <Scroll>
      <Table>
        <thead>
          <tr>
            {[...columns, ...VITAL_METRICS.map((metric) => VITAL_NAMES[metric])].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [head, ...rest], data, metrics }) => (
            <tr key={key} {...data}>
              <th scope="row">{head}</th>
              {rest.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
              {VITAL_METRICS.map((metric) => (
                <td key={metric}>
                  <Figure metric={metric} figure={metrics[metric]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  )
}

/**
 * Real visitors' speed (decision 0222): the 75th percentile of LCP, INP, CLS, FCP and TTFB per
 * route and device class over the range, and per day for every route together.
 */
export function SpeedTab() {
  const range = useOverviewRange('speed')
  const { data, error, isLoading } = useAdmin<{ data: Speed }>(range.endpoint)
  const speed = data?.data
  return (
    <>
      <Toolbar>
        <RangePicker shown={speed && { from: speed.from, to: speed.to }} />
      </Toolbar>
      <DataState isLoading={isLoading} error={error} isEmpty={false} empty="">
        {speed && (
          <Panels>
            <Panel aria-label="Speed by page">
              <PanelTitle>Speed of real visits by page and device</PanelTitle>
              <Muted>
                The 75th percentile of the page views measured in visitors&apos; browsers, coloured
                by Google&apos;s thresholds: <Swatch $rating="good">good</Swatch>{' '}
                <Swatch $rating="needs-improvement">needs improvement</Swatch>{' '}
                <Swatch $rating="poor">poor</Swatch>. A page with fewer than {speed.minSamples}{' '}
                measured views on a device shows &ldquo;too few&rdquo;. Figures are within{' '}
                {(speed.bucketError * 100).toFixed(1)}% of the exact percentile.
              </Muted>
              {speed.rows.length === 0 ? (
                <Muted>No page views were measured in this range.</Muted>
              ) : (
                <VitalsTable
                  columns={['Page', 'Device']}
                  rows={speed.rows.map((row) => ({
                    key: `${row.route} ${row.device}`,
                    cells: [row.route, DEVICE_NAMES[row.device] ?? row.device],
                    data: { 'data-route': row.route, 'data-device': row.device },
                    metrics: row.metrics,
                  }))}
                />
              )}
            </Panel>
            <Panel aria-label="Speed by day">
              <PanelTitle>75th percentile per day, every page and device</PanelTitle>
              <VitalsTable
                columns={['Day (UTC)']}
                rows={[...speed.trend].reverse().map((day) => ({
                  key: day.date,
                  cells: [day.date],
                  data: { 'data-date': day.date },
                  metrics: day.metrics,
                }))}
              />
            </Panel>
          </Panels>
        )}
      </DataState>
    </>
  )
}

type Rating = NonNullable<VitalFigure['rating']>

// The admin theme's success, warning and error pairs (light and dark theme alike).
const TONES: Record<Rating, string> = {
  good: 'background: var(--theme-success-100); color: var(--theme-success-800);',
  'needs-improvement': 'background: var(--theme-warning-100); color: var(--theme-warning-800);',
  poor: 'background: var(--theme-error-100); color: var(--theme-error-800);',
}

const Panels = styled.div`
  display: grid;
  gap: 16px;
`
const Toolbar = styled(Row)`
  margin-bottom: 16px;
`
// A table wider than a phone scrolls inside its panel; the keyboard reaches it too.
const Scroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
`
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid var(--theme-elevation-100);
    text-align: left;
    vertical-align: top;
    white-space: nowrap;
  }
  thead th {
    color: var(--theme-elevation-600);
    font-size: 0.85rem;
  }
  tbody th {
    font-weight: 600;
  }
`
const Cell = styled.div`
  display: grid;
  gap: 2px;
`
const Value = styled.span<{ $rating: Rating }>`
  justify-self: start;
  padding: 1px 6px;
  border-radius: var(--style-radius-s, 4px);
  font-weight: 600;
  ${({ $rating }) => TONES[$rating]}
`
const Swatch = styled.span<{ $rating: Rating }>`
  padding: 0 4px;
  border-radius: var(--style-radius-s, 4px);
  ${({ $rating }) => TONES[$rating]}
`
const Few = styled.span`
  color: var(--theme-elevation-600);
  font-style: italic;
`
const Count = styled.span`
  color: var(--theme-elevation-600);
  font-size: 0.8rem;
`
