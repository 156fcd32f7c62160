import type { Endpoint } from 'payload'

import { adminEndpoints } from './admin'
import { analyticsEndpoints } from './analytics'
import { contactEndpoints } from './contact'
import { emailEventsEndpoints } from './email-events'
import { emailLinksEndpoints } from './email-links'
import { newsletterEndpoints } from './newsletter'
import { operationsEndpoints } from './operations'
import { parentSurveyEndpoints } from './parent-survey'
import { revalidateEndpoint } from './revalidate'
import { shareImageEndpoint } from './share-image'
import { shopifyEndpoints } from './shopify'
import { waitlistEndpoints } from './waitlist'

/**
 * Every custom endpoint, served under /api: one file per visitor feature (its services are in the
 * folder of the same name under src/services), admin/ one per admin area (decision 0170).
 */
export const endpoints: Endpoint[] = [
  ...waitlistEndpoints,
  ...newsletterEndpoints,
  ...contactEndpoints,
  ...parentSurveyEndpoints,
  ...analyticsEndpoints,
  ...operationsEndpoints,
  ...adminEndpoints,
  ...emailLinksEndpoints,
  ...emailEventsEndpoints,
  ...shopifyEndpoints,
  shareImageEndpoint,
  revalidateEndpoint,
]
