import type { Endpoint } from 'payload'

import { operationsEndpoints } from './operations'
import { publicEndpoints as visitorEndpoints } from './public'

export const publicEndpoints: Endpoint[] = [...visitorEndpoints, ...operationsEndpoints]
