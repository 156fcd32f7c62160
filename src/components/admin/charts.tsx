'use client'

import styled from 'styled-components'

/** Small SVG charts for the overview: bars over days (stacked by series) and horizontal bars. */

export const SERIES_COLORS = ['#6c5ce7', '#00b894', '#e17055', '#0984e3', '#e84393']

const WIDTH = 600
const HEIGHT = 180
const PAD = { top: 10, right: 8, bottom: 22, left: 36 }

type Day = { date: string; values: number[] }

/** Bars per day; several values per day stack, coloured in series order. */
export function DayBars({
  days,
  label,
  series,
}: {
  days: Day[]
  label: string
  series?: string[]
}) {
  const max = Math.max(1, ...days.map((day) => day.values.reduce((sum, value) => sum + value, 0)))
  const innerWidth = WIDTH - PAD.left - PAD.right
  const innerHeight = HEIGHT - PAD.top - PAD.bottom
  const step = innerWidth / Math.max(days.length, 1)
  const y = (value: number) => (value / max) * innerHeight
  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <Axis
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
        />
        <AxisText x={PAD.left - 6} y={PAD.top + 8} textAnchor="end">
          {max}
        </AxisText>
        <AxisText x={PAD.left - 6} y={HEIGHT - PAD.bottom} textAnchor="end">
          0
        </AxisText>
        {days.map((day, index) => {
          let base = HEIGHT - PAD.bottom
          return (
            <g key={day.date}>
              <title>
                {day.date}: {day.values.reduce((sum, value) => sum + value, 0)}
              </title>
              {day.values.map((value, part) => {
                const height = y(value)
                base -= height
                return (
                  <rect
                    key={part}
                    x={PAD.left + index * step + step * 0.15}
                    y={base}
                    width={step * 0.7}
                    height={height}
                    fill={SERIES_COLORS[part % SERIES_COLORS.length]}
                  />
                )
              })}
            </g>
          )
        })}
        {days.length > 0 && (
          <>
            <AxisText x={PAD.left} y={HEIGHT - 6}>
              {days[0].date}
            </AxisText>
            <AxisText x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
              {days[days.length - 1].date}
            </AxisText>
          </>
        )}
      </svg>
      {series && <Legend series={series} />}
    </Figure>
  )
}

/** A line over days, e.g. the running total of subscribers. */
export function DayLine({
  points,
  label,
}: {
  points: { date: string; value: number }[]
  label: string
}) {
  const values = points.map((point) => point.value)
  const max = Math.max(1, ...values)
  const min = Math.min(max - 1, ...values)
  const innerWidth = WIDTH - PAD.left - PAD.right
  const innerHeight = HEIGHT - PAD.top - PAD.bottom
  const x = (index: number) => PAD.left + (index / Math.max(points.length - 1, 1)) * innerWidth
  const y = (value: number) => PAD.top + innerHeight - ((value - min) / (max - min)) * innerHeight
  const path = points.map((point, index) => `${index ? 'L' : 'M'}${x(index)},${y(point.value)}`)
  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <Axis
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
        />
        <AxisText x={PAD.left - 6} y={PAD.top + 8} textAnchor="end">
          {max}
        </AxisText>
        <AxisText x={PAD.left - 6} y={HEIGHT - PAD.bottom} textAnchor="end">
          {min}
        </AxisText>
        <path d={path.join(' ')} fill="none" stroke={SERIES_COLORS[0]} strokeWidth={2.5} />
        {/* A one-day range has no line to draw: its one value is a dot. */}
        {points.length === 1 && (
          <circle cx={x(0)} cy={y(points[0].value)} r={4} fill={SERIES_COLORS[0]} />
        )}
        {points.length > 0 && (
          <>
            <AxisText x={PAD.left} y={HEIGHT - 6}>
              {points[0].date}
            </AxisText>
            <AxisText x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
              {points[points.length - 1].date}
            </AxisText>
          </>
        )}
      </svg>
    </Figure>
  )
}

/** Labelled horizontal bars (top pages, scroll depth). */
export function HorizontalBars({
  rows,
  label,
}: {
  rows: { label: string; value: number }[]
  label: string
}) {
  const max = Math.max(1, ...rows.map((row) => row.value))
  return (
    <BarList aria-label={label}>
      {rows.map((row) => (
        <li key={row.label}>
          <span title={row.label}>{row.label}</span>
          <Track>
            <Fill style={{ width: `${(row.value / max) * 100}%` }} />
          </Track>
          <strong>{row.value}</strong>
        </li>
      ))}
    </BarList>
  )
}

function Legend({ series }: { series: string[] }) {
  return (
    <LegendList>
      {series.map((name, index) => (
        <li key={name}>
          <i style={{ background: SERIES_COLORS[index % SERIES_COLORS.length] }} />
          {name}
        </li>
      ))}
    </LegendList>
  )
}

const Figure = styled.figure`
  margin: 0;
  svg {
    width: 100%;
    height: auto;
    display: block;
  }
`
const Axis = styled.line`
  stroke: var(--theme-elevation-300);
`
const AxisText = styled.text`
  fill: var(--theme-elevation-600);
  font-size: 11px;
`
const LegendList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  margin: 6px 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.85rem;
  i {
    display: inline-block;
    width: 10px;
    height: 10px;
    margin-right: 6px;
    border-radius: 2px;
  }
`
const BarList = styled.ul`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: minmax(80px, 30%) 1fr 48px;
    gap: 8px;
    align-items: center;
    font-size: 0.9rem;
  }
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  strong {
    text-align: right;
  }
`
const Track = styled.div`
  height: 12px;
  border-radius: 6px;
  background: var(--theme-elevation-100);
`
const Fill = styled.div`
  height: 100%;
  border-radius: 6px;
  background: ${SERIES_COLORS[0]};
`
