import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import { alias, newsletter_subscribers, waitlist_entries } from '@/db'
import type { Product } from '@/lib/constants'
import { type CsvColumn, csvStream } from '@/lib/csv'
import { placesOf, placesPerReferral } from '@/services/waitlist/line'

import { recordAudit } from './audit'
import { type SubscriberView, SUBSCRIBER_COLUMNS, SUBSCRIBERS, toSubscriber } from './newsletter'
import { allOf, selectRows } from './paging'
import {
  productIs,
  toWaitlistEntry,
  WAITLIST_ENTRY_COLUMNS,
  type WaitlistEntryView,
} from './waitlist'

const w = alias(waitlist_entries, 'w')
const s = alias(newsletter_subscribers, 's')

/** Rows per database round trip: memory holds one page, whatever the table's size. */
export const EXPORT_PAGE_SIZE = 1000

const WAITLIST_CSV: CsvColumn<WaitlistEntryView>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'email', value: (row) => row.email },
  { header: 'name', value: (row) => row.name },
  { header: 'product', value: (row) => row.product },
  { header: 'status', value: (row) => row.status },
  { header: 'interests', value: (row) => row.interests },
  { header: 'referralSource', value: (row) => row.referralSource },
  { header: 'emailOpened', value: (row) => row.emailOpened },
  { header: 'lastEmailSent', value: (row) => row.lastEmailSent },
  { header: 'joinedAt', value: (row) => row.joinedAt },
  { header: 'position', value: (row) => row.position },
  { header: 'referrals', value: (row) => row.referrals },
  { header: 'referralCode', value: (row) => row.referralCode },
  { header: 'referredById', value: (row) => row.referredById },
  { header: 'confirmedAt', value: (row) => row.confirmedAt },
]

const NEWSLETTER_CSV: CsvColumn<SubscriberView>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'email', value: (row) => row.email },
  { header: 'firstName', value: (row) => row.firstName },
  { header: 'subscribedAt', value: (row) => row.subscribedAt },
  { header: 'interests', value: (row) => row.interests },
  { header: 'consentSource', value: (row) => row.consentSource },
  { header: 'doubleOptInConfirmed', value: (row) => row.doubleOptInConfirmed },
  { header: 'emailPreferences', value: (row) => row.emailPreferences },
]

const today = () => new Date().toISOString().slice(0, 10)

export type CsvExport = { filename: string; body: ReadableStream<Uint8Array> }

/** Every waitlist entry (of one product, or all), in id order, keyset-paged. Audited. */
export const exportWaitlist = async (
  payload: Payload,
  user: AdminUser,
  product: Product | undefined,
): Promise<CsvExport> => {
  await recordAudit(payload, user, {
    action: 'waitlist.export',
    targetCollection: 'waitlist-entries',
    details: { product: product ?? 'all' },
  })
  // One setting for the whole file, so every page ranks the line the same way.
  const places = await placesPerReferral(payload)
  return {
    filename: `waitlist-${product ?? 'all'}-${today()}.csv`,
    body: csvStream(WAITLIST_CSV, async (afterId) => {
      const rows = await selectRows(
        payload,
        sql`SELECT ${WAITLIST_ENTRY_COLUMNS} FROM ${waitlist_entries} ${w}
          WHERE ${allOf([sql`${w.id} > ${afterId}`, productIs(product)])}
          ORDER BY ${w.id} LIMIT ${EXPORT_PAGE_SIZE}`,
      )
      // The page's places in line, counted near each entry (decision 0235).
      const found = await placesOf(
        payload,
        places,
        rows.map((row) => Number(row.id)),
        { product },
      )
      for (const row of rows) Object.assign(row, found.get(Number(row.id)))
      return rows.map(toWaitlistEntry)
    }),
  }
}

/** Every newsletter subscriber, in id order, keyset-paged. Audited. */
export const exportNewsletter = async (payload: Payload, user: AdminUser): Promise<CsvExport> => {
  await recordAudit(payload, user, {
    action: 'newsletter.export',
    targetCollection: 'newsletter-subscribers',
  })
  return {
    filename: `newsletter-${today()}.csv`,
    body: csvStream(NEWSLETTER_CSV, async (afterId) =>
      (
        await selectRows(
          payload,
          sql`SELECT ${SUBSCRIBER_COLUMNS} FROM ${SUBSCRIBERS}
            WHERE ${s.id} > ${afterId} ORDER BY ${s.id} LIMIT ${EXPORT_PAGE_SIZE}`,
        )
      ).map(toSubscriber),
    ),
  }
}
