import type { Endpoint } from 'payload'

import { adminEndpoints } from './admin'
import { adminAiEndpoints } from './admin-ai'
import { emailEndpoints } from './email'
import { operationsEndpoints } from './operations'
import { publicEndpoints } from './public'
import { revalidateEndpoint } from './revalidate'
import { shareImageEndpoint } from './share-image'
import { shopifyEndpoints } from './shopify'

/** Every custom endpoint, served under /api. */
export const endpoints: Endpoint[] = [
  ...publicEndpoints,
  ...operationsEndpoints,
  ...adminEndpoints,
  ...adminAiEndpoints,
  ...emailEndpoints,
  ...shopifyEndpoints,
  shareImageEndpoint,
  revalidateEndpoint,
]
