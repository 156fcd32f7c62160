import type { OverviewQuery } from '@/schemas/admin'

const DAY_MS = 86_400_000

/** A reporting range of whole UTC days, both ends included (`YYYY-MM-DD`). */
export type DateRange = { from: string; to: string }

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const startOf = (date: string) => Date.parse(`${date}T00:00:00.000Z`)

/** The last `days` days with today, or the custom range as given. */
export const rangeOf = (query: OverviewQuery, now = new Date()): DateRange => {
  if ('from' in query) return { from: query.from, to: query.to }
  const today = startOf(now.toISOString().slice(0, 10))
  return { from: dateOf(today - (query.days - 1) * DAY_MS), to: dateOf(today) }
}

/** Every date of the range, oldest first. */
export const datesOf = ({ from, to }: DateRange): string[] => {
  const days = Math.round((startOf(to) - startOf(from)) / DAY_MS) + 1
  return Array.from({ length: days }, (_, index) => dateOf(startOf(from) + index * DAY_MS))
}

/** The range as instants for SQL: `since` included, `until` (the next midnight) excluded. */
export const boundsOf = ({ from, to }: DateRange) => ({
  since: new Date(startOf(from)).toISOString(),
  until: new Date(startOf(to) + DAY_MS).toISOString(),
})
