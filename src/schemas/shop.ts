import './no-eval'

import { z } from 'zod'

import { SHOP_PRODUCT_LIMIT } from '@/lib/shopify/types'

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${SHOP_PRODUCT_LIMIT.max}`

export const shopProductsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(SHOP_PRODUCT_LIMIT.max, { error: LIMIT_MESSAGE })
    .default(SHOP_PRODUCT_LIMIT.default),
})
