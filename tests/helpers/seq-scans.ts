/**
 * How many sequential scans PostgreSQL counted on some tables: a statement that must not read a
 * whole table at any size is checked by running it on a big one and comparing the counts.
 */
import type pg from 'pg'
import { expect } from 'vitest'

export const seqScans = async (admin: pg.Client, tables: string[]) => {
  const { rows } = await admin.query(
    'SELECT relname, seq_scan::int FROM pg_stat_user_tables WHERE relname = ANY($1)',
    [tables],
  )
  return Object.fromEntries(rows.map((row) => [row.relname, row.seq_scan])) as Record<
    string,
    number
  >
}

/**
 * Statistics reach the shared counters when a backend exits (before it leaves
 * pg_stat_activity): ends every other connection to the database and waits until they are gone.
 */
export const flushStatistics = async (admin: pg.Client) => {
  const { rows: ended } = await admin.query<{ pid: number }>(
    'SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  )
  expect(ended.length).toBeGreaterThan(0)
  await expect
    .poll(
      async () =>
        (
          await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1)', [
            ended.map((row) => row.pid),
          ])
        ).rows[0].n,
      { timeout: 10_000 },
    )
    .toBe(0)
}
