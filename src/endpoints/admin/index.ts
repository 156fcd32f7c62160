import type { Endpoint } from 'payload'

import { adminAiEndpoints } from './ai'
import { auditEndpoints } from './audit'
import { campaignsEndpoints } from './campaigns'
import { contactsEndpoints } from './contacts'
import { emailsEndpoints } from './emails'
import { exportsEndpoints } from './exports'
import { loginEndpoints } from './login'
import { newsletterEndpoints } from './newsletter'
import { overviewEndpoints } from './overview'
import { parentInsightsEndpoints } from './parent-insights'
import { peopleEndpoints } from './people'
import { sessionsEndpoints } from './sessions'
import { systemEndpoints } from './system'
import { secondFactorEndpoints } from './second-factor'
import { waitlistEndpoints } from './waitlist'

/** `/api/admin/...` (docs/decisions/0030-admin-api.md), one file per admin area. */
export const adminEndpoints: Endpoint[] = [
  ...loginEndpoints,
  ...secondFactorEndpoints,
  ...overviewEndpoints,
  ...exportsEndpoints,
  ...waitlistEndpoints,
  ...newsletterEndpoints,
  ...contactsEndpoints,
  ...parentInsightsEndpoints,
  ...emailsEndpoints,
  ...campaignsEndpoints,
  ...auditEndpoints,
  ...peopleEndpoints,
  ...sessionsEndpoints,
  ...adminAiEndpoints,
  ...systemEndpoints,
]
