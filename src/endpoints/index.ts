import type { Endpoint } from 'payload'

import { operationsEndpoints } from './operations'
import { publicEndpoints } from './public'

/** Every custom endpoint, served under /api. */
export const endpoints: Endpoint[] = [...publicEndpoints, ...operationsEndpoints]
