import { sql } from '@payloadcms/db-postgres/drizzle'

import { backups } from '@/db'
import { payloadClient } from '@/services/content/client'

export type LastBackup = { takenAt: Date; sizeBytes: number; file: string }

/**
 * The newest backup of the site's database (decision 0230): every backup, `npm run backup` on any
 * machine against DATABASE_URL or the embedded default's daily one, writes its row in `backups`
 * once its file is complete. None taken yet: null.
 */
export const lastBackup = async (): Promise<LastBackup | null> => {
  const payload = await payloadClient()
  const { rows } = await payload.db.drizzle.execute(sql`
    SELECT ${backups.backedUpAt} AS "takenAt", ${backups.sizeBytes} AS "sizeBytes", ${backups.file} AS "file"
    FROM ${backups} ORDER BY ${backups.backedUpAt} DESC, ${backups.id} DESC LIMIT 1`)
  const row = rows[0] as { takenAt: string; sizeBytes: string | number; file: string } | undefined
  if (!row) return null
  return { takenAt: new Date(row.takenAt), sizeBytes: Number(row.sizeBytes), file: row.file }
}
