'use client'

import { useState } from 'react'
import styled from 'styled-components'

import { overviewQuerySchema } from '@/schemas/admin'

import { ErrorText, Input, Label, Row, Select } from '../../ui'
import { type CustomRange, lastDays, RANGES, useOverviewRange } from './useOverviewRange'

const CUSTOM = 'custom'

/**
 * Last 7, 30 or 90 days, or a custom range of dates. A custom range is checked with the API's own
 * schema as it is typed: a valid one goes into the address (and is read), a bad one is named.
 */
export function RangePicker({ shown }: { shown?: CustomRange }) {
  const range = useOverviewRange()
  const [draft, setDraft] = useState<CustomRange>(range.custom)
  const [error, setError] = useState<string>()
  // A new range from the address (back, forward, the select) replaces what was typed.
  const [seen, setSeen] = useState(range.custom)
  if (seen.from !== range.custom.from || seen.to !== range.custom.to) {
    setSeen(range.custom)
    setDraft(range.custom)
    setError(undefined)
  }

  const edit = (change: Partial<CustomRange>) => {
    const next = { ...draft, ...change }
    setDraft(next)
    const result = overviewQuerySchema.safeParse(next)
    if (!result.success) return setError(result.error.issues[0]?.message)
    if (!('from' in result.data)) return setError('Choose both dates')
    setError(undefined)
    range.chooseCustom(result.data, 'replace')
  }

  return (
    <Row>
      <Label>
        Range
        <Select
          value={range.isCustom ? CUSTOM : range.days}
          onChange={(event) => {
            if (event.target.value !== CUSTOM) return range.chooseDays(Number(event.target.value))
            range.chooseCustom(shown ?? lastDays(range.days), 'push')
          }}
        >
          {RANGES.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
          {!RANGES.includes(range.days as (typeof RANGES)[number]) && !range.isCustom && (
            <option value={range.days}>Last {range.days} days</option>
          )}
          <option value={CUSTOM}>Custom range</option>
        </Select>
      </Label>
      {range.isCustom && (
        <>
          <Label>
            From
            <DateInput
              type="date"
              value={draft.from}
              aria-invalid={Boolean(error)}
              onChange={(event) => edit({ from: event.target.value })}
            />
          </Label>
          <Label>
            To
            <DateInput
              type="date"
              value={draft.to}
              aria-invalid={Boolean(error)}
              onChange={(event) => edit({ to: event.target.value })}
            />
          </Label>
          {error && <RangeError>{error}</RangeError>}
        </>
      )}
    </Row>
  )
}

const DateInput = styled(Input)`
  min-width: 150px;
`
const RangeError = styled(ErrorText)`
  align-self: end;
  padding-bottom: 8px;
`
