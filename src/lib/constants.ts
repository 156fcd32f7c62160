/** Business constants from the product specification, shared by site, admin and server. */
export const TAGLINE = 'Where the Future is Human'

/** The founder, as the about and contact pages and their metadata name her. */
export const FOUNDER_NAME = 'Elena Starling'

export const PRODUCTS = ['earth-app', 'publishing', 'records', 'studio', 'universe'] as const
export type Product = (typeof PRODUCTS)[number]
export const DEFAULT_PRODUCT: Product = 'earth-app'
export const PRODUCT_LABELS: Record<Product, string> = {
  'earth-app': 'Earth App',
  publishing: 'Starfinity Publishing',
  records: 'Starfinity Records',
  studio: 'Starfinity Studio',
  universe: 'Starfinity Universe',
}

export const WAITLIST_INTERESTS = [
  'Personal Growth',
  'Meditation & Mindfulness',
  'Conscious Community',
  'AI & Technology',
  'Books & Reading',
  'Music & Healing',
  'Sustainability',
  'Spiritual Development',
] as const

/** A waitlist entry's referral code, as it appears in `/waitlist?product=…&ref=CODE` (decision 0119). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{6,32}$/
export const REFERRAL_CODE_LENGTH = 10
/** Places a counted referral moves its referrer up when site settings say nothing else. */
export const DEFAULT_PLACES_PER_REFERRAL = 1

export const REFERRAL_SOURCES = [
  'Social Media',
  'Friend Referral',
  'Search Engine',
  'Newsletter',
  'Podcast',
  'Blog Article',
  'Conference/Event',
  'Other',
] as const

export const CONTACT_SUBJECTS = [
  { value: 'collaboration', label: 'Collaboration Opportunity' },
  { value: 'mentorship', label: 'Mentorship Request' },
  { value: 'media', label: 'Media & Speaking' },
  { value: 'community', label: 'Community Building' },
  { value: 'feedback', label: 'Feedback & Suggestions' },
  { value: 'partnership', label: 'Business Partnership' },
  { value: 'other', label: 'Other' },
] as const

export const CHILD_AGES = ['3-4', '5-6', '7-8', 'multiple'] as const

export const CONTACT_STATUSES = ['unread', 'read', 'replied'] as const
export const CONTACT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const
export const WAITLIST_STATUSES = ['inactive', 'active'] as const
export const EMAIL_TYPES = [
  'reply',
  'newsletter',
  'broadcast',
  'confirmation',
  'welcome',
  'sequence',
] as const
export const EMAIL_STATUSES = [
  'queued',
  'sent',
  'failed',
  'bounced',
  'skipped',
  'interrupted',
] as const
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
] as const
export const ENROLLMENT_STATUSES = ['active', 'completed', 'stopped'] as const
export const EMAIL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const

export const ENGAGEMENT_EVENT_TYPES = [
  'page_view',
  'email_open',
  'email_click',
  'download',
  'signup',
  'purchase',
  'scroll',
  'time_spent',
] as const

export const ANALYTICS_CATEGORIES = [
  'navigation',
  'call_to_action',
  'social_engagement',
  'content_interaction',
  'admin_action',
  'demo_interaction',
  'form_submission',
  'waitlist_action',
  'contact_action',
  'shopping_action',
  'sharing_action',
] as const

export const ANALYTICS_ACTIONS = [
  'click',
  'submit',
  'navigate',
  'share',
  'download',
  'signup',
  'contact',
  'explore',
  'purchase',
  'demo',
  'analyze',
] as const

export const CONTACT_LIMITS = { name: 100, subject: 200, messageMin: 10, messageMax: 2000 } as const
export const NEWSLETTER_RECENT_DAYS = 30
export const EMAIL_PREVIEW_LENGTH = 150
/** The jobs queue every email job runs on (queued by services/email/queue.ts, worked by src/jobs). */
export const EMAIL_QUEUE = 'email'
export const ANONYMOUS_SESSION = 'anonymous'
