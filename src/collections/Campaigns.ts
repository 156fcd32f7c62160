import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { jsonField, statusField } from '@/fields'
import { CAMPAIGN_STATUSES } from '@/lib/constants'
import { RECIPIENT_TYPES } from '@/schemas/ai'

const total = (name: string) => ({ name, type: 'number' as const, defaultValue: 0, min: 0 })
const readOnly = { readOnly: true }

/**
 * A group send from the composer (docs/decisions/0118): written with its sendCampaign job in one
 * statement, worked by that job in batches. The totals are the nightly rollup's; live progress is
 * counted from the campaign's email-log rows.
 */
export const Campaigns: CollectionConfig = {
  slug: 'campaigns',
  admin: {
    useAsTitle: 'name',
    group: 'Email',
    defaultColumns: ['name', 'status', 'audience', 'scheduledAt', 'sentAt', 'totalSent'],
  },
  access: personalDataAccess,
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'subject', type: 'text' },
    { name: 'type', type: 'text' },
    statusField('status', CAMPAIGN_STATUSES, 'draft'),
    {
      name: 'audience',
      type: 'select',
      options: RECIPIENT_TYPES.filter((type) => type !== 'individual').map((value) => ({
        label: value,
        value,
      })),
    },
    // The body as queued (sign-off added per message when queued).
    { name: 'message', type: 'textarea' },
    { name: 'htmlContent', type: 'textarea' },
    {
      name: 'scheduledAt',
      type: 'date',
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'sentAt', type: 'date', index: true },
    { name: 'sentBy', type: 'relationship', relationTo: 'users' },
    // The composer's key for one press of Send: a repeat of it finds this campaign again.
    { name: 'idempotencyKey', type: 'text', unique: true, admin: readOnly },
    // Progress of the job: recipients are queued in address order; the last address queued.
    { name: 'recipientCursor', type: 'text', admin: readOnly },
    { name: 'totalRecipients', type: 'number', min: 0, admin: readOnly },
    // When every recipient had been written to the email log (the sending goes on after it).
    { name: 'queuedAt', type: 'date', admin: readOnly },
    total('totalSent'),
    total('totalDelivered'),
    total('totalOpens'),
    total('totalClicks'),
    total('totalBounces'),
    total('totalUnsubscribes'),
    jsonField('metadata'),
  ],
}
