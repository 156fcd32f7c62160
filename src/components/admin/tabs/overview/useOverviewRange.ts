'use client'

import { useSearchParams } from 'next/navigation'

import { adminPath } from '../../api'
import { setViewQuery } from '../../list/useAdminList'

/** The ranges the Overview offers, in days (the API takes any from 1 to 365, or from and to). */
export const RANGES = [7, 30, 90] as const
export const DEFAULT_DAYS = 30
const DAY_MS = 86_400_000

export type CustomRange = { from: string; to: string }

/** The UTC dates of the last `days` days, today included: what the API reads for `days`. */
export const lastDays = (days: number, now = new Date()): CustomRange => {
  const today = now.toISOString().slice(0, 10)
  const from = new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString().slice(0, 10)
  return { from, to: today }
}

/**
 * The Overview's range lives in the address like the lists' filters (`?days=7`, or
 * `?from=2026-10-01&to=2026-10-31`); the default (30 days) stays out of it. `resource`: the admin
 * endpoint read for the range (the Overview's, or the Speed tab's).
 */
export function useOverviewRange(resource = 'overview') {
  const params = useSearchParams()
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const isCustom = Boolean(from || to)
  const days = Number(params.get('days')) || DEFAULT_DAYS
  return {
    isCustom,
    days,
    custom: { from, to },
    endpoint: isCustom ? adminPath(resource, { from, to }) : adminPath(resource, { days }),
    chooseDays: (next: number) =>
      setViewQuery(
        { days: next === DEFAULT_DAYS ? undefined : next, from: undefined, to: undefined },
        'push',
      ),
    chooseCustom: (range: CustomRange, mode: 'push' | 'replace') =>
      setViewQuery({ days: undefined, ...range }, mode),
  }
}
