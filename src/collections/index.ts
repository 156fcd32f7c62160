import { Articles } from './Articles'
import { AnalyticsEvents } from './AnalyticsEvents'
import { AuditLogs } from './AuditLogs'
import { BounceEvents } from './BounceEvents'
import { Books } from './Books'
import { Campaigns } from './Campaigns'
import { Characters } from './Characters'
import { Consents } from './Consents'
import { ContactMessages } from './ContactMessages'
import { DataRequests } from './DataRequests'
import { DeliverabilityMetrics } from './DeliverabilityMetrics'
import { EmailEvents } from './EmailEvents'
import { EmailLogs } from './EmailLogs'
import { EmailPreferences } from './EmailPreferences'
import { EmailSequences } from './EmailSequences'
import { EmailSuppressions } from './EmailSuppressions'
import { EmailTemplates } from './EmailTemplates'
import { ErasedAddresses } from './ErasedAddresses'
import { EngagementEvents } from './EngagementEvents'
import { FaqItems } from './FaqItems'
import { Media } from './Media'
import { NewsletterImportRows, NewsletterImports } from './NewsletterImports'
import { PageSeo } from './PageSeo'
import { NewsletterSubscribers } from './NewsletterSubscribers'
import { ParentEngagements } from './ParentEngagements'
import { RateLimits } from './RateLimits'
import { SequenceEnrollments } from './SequenceEnrollments'
import { ShopProducts } from './ShopProducts'
import { Songs } from './Songs'
import { Users } from './Users'
import { WaitlistEntries } from './WaitlistEntries'
import { WebhookTokens } from './WebhookTokens'

export const collections = [
  // People
  Users,
  WaitlistEntries,
  ContactMessages,
  ParentEngagements,
  NewsletterSubscribers,
  // Email
  EmailLogs,
  EmailSuppressions,
  BounceEvents,
  EmailPreferences,
  EmailSequences,
  EmailTemplates,
  SequenceEnrollments,
  Campaigns,
  EmailEvents,
  DeliverabilityMetrics,
  // Insights
  AnalyticsEvents,
  EngagementEvents,
  Consents,
  // Content
  Characters,
  Articles,
  FaqItems,
  PageSeo,
  Books,
  Songs,
  ShopProducts,
  Media,
  // Admin
  AuditLogs,
  // Internal
  RateLimits,
  WebhookTokens,
  ErasedAddresses,
  DataRequests,
  NewsletterImports,
  NewsletterImportRows,
]
