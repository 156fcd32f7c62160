/**
 * The shapes the admin endpoints answer with, taken from the services that build them (type-only
 * imports: nothing of the server reaches the browser bundle).
 */
import type { contactStats, toContact } from '@/services/admin/contacts'
import type { emailStats, toEmailLog } from '@/services/admin/emails'
import type { newsletterStats } from '@/services/admin/newsletter'
import type { overview } from '@/services/metrics/overview'
import type { Speed, VitalFigure } from '@/services/metrics/speed'
import type { toParentInsight } from '@/services/admin/parent-insights'
import type { waitlistLeaderboard, waitlistStats } from '@/services/admin/waitlist'

export type { AccessLevel } from '@/access'
export type { CampaignProgress } from '@/services/campaigns/campaign-progress'
export type { SubscriberView as Subscriber } from '@/services/admin/newsletter'
export type { Page } from '@/services/admin/paging'
export type { WaitlistEntryView as WaitlistEntry } from '@/services/admin/waitlist'

export type Contact = ReturnType<typeof toContact>
export type EmailLog = ReturnType<typeof toEmailLog>
export type ParentInsight = ReturnType<typeof toParentInsight>
export type Overview = Awaited<ReturnType<typeof overview>>
export type { Speed, VitalFigure }

export type ContactStats = Awaited<ReturnType<typeof contactStats>>
export type EmailStats = Awaited<ReturnType<typeof emailStats>>
export type NewsletterStats = Awaited<ReturnType<typeof newsletterStats>>
export type WaitlistStats = Awaited<ReturnType<typeof waitlistStats>>
export type WaitlistLeaderboard = Awaited<ReturnType<typeof waitlistLeaderboard>>

/** GET /api/admin/people: every record held about one address, per collection. */
export type PersonRecords = {
  email: string
  total: number
  records: Record<string, Record<string, unknown>[]>
}
