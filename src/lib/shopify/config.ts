import { z } from 'zod'

import { envNow } from '@/lib/env'

const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const schema = z.object({
  SHOPIFY_STORE_DOMAIN: z.preprocess(blankIsUnset, z.string().trim().optional()),
  SHOPIFY_STOREFRONT_TOKEN: z.preprocess(blankIsUnset, z.string().trim().optional()),
  SHOPIFY_API_VERSION: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(\d{4}-\d{2}|unstable)$/, 'SHOPIFY_API_VERSION must look like 2025-01')
      .default('2025-01'),
  ),
  SHOPIFY_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().positive().default(8000)),
})

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

export type ShopifySettings =
  | { isConfigured: false; reason?: string }
  | { isConfigured: true; endpoint: string; origin: string; token: string; timeoutMs: number }

/**
 * The Storefront API settings, read per call (cheap) so a test or an operator can change them
 * without reloading modules. The domain is a host (`my-shop.myshopify.com`, https); a full
 * `http://` origin is accepted for loopback hosts only, so a token never travels in clear text.
 */
export const shopifySettings = (): ShopifySettings => {
  const parsed = envNow(schema)
  if (!parsed.success) return { isConfigured: false, reason: parsed.error.issues[0]?.message }
  const { SHOPIFY_STORE_DOMAIN: domain, SHOPIFY_STOREFRONT_TOKEN: token } = parsed.data
  if (!domain && !token) return { isConfigured: false }
  if (!domain || !token)
    return {
      isConfigured: false,
      reason: 'SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN must be set together',
    }
  let origin: URL
  try {
    origin = new URL(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`)
  } catch {
    return { isConfigured: false, reason: 'SHOPIFY_STORE_DOMAIN is not a host name' }
  }
  if (origin.protocol === 'http:' && !LOOPBACK.has(origin.hostname))
    return { isConfigured: false, reason: 'SHOPIFY_STORE_DOMAIN may use http only on loopback' }
  return {
    isConfigured: true,
    origin: origin.origin,
    endpoint: `${origin.origin}/api/${parsed.data.SHOPIFY_API_VERSION}/graphql.json`,
    token,
    timeoutMs: parsed.data.SHOPIFY_TIMEOUT_MS,
  }
}
