import type { Endpoint } from 'payload'

import { adminEndpoints } from './admin'
import { adminAiEndpoints } from './admin-ai'
import { operationsEndpoints } from './operations'
import { publicEndpoints } from './public'
import { shopifyEndpoints } from './shopify'

/** Every custom endpoint, served under /api. */
export const endpoints: Endpoint[] = [
  ...publicEndpoints,
  ...operationsEndpoints,
  ...adminEndpoints,
  ...adminAiEndpoints,
  ...shopifyEndpoints,
]
