import { SHOP_CACHE_MS } from './types'

/** The Storefront API failed; the message is for the logs, never for visitors. */
export class ShopifyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ShopifyError'
  }
}

type Settings = { endpoint: string; token: string; timeoutMs: number }

const cache = new Map<string, { expires: number; data: unknown }>()

/** Drops every cached answer (tests, or an operator pointing the site at another store). */
export const clearShopifyCache = () => cache.clear()

/**
 * The one call to the Storefront GraphQL API: POST with the storefront token, a timeout, GraphQL
 * errors turned into ShopifyError, and successful answers cached five minutes (failures are not).
 */
export const storefrontQuery = async <T>(
  settings: Settings,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> => {
  const key = JSON.stringify([settings.endpoint, settings.token, query, variables])
  const hit = cache.get(key)
  if (hit && hit.expires > Date.now()) return hit.data as T

  let response: Response
  try {
    response = await fetch(settings.endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Shopify-Storefront-Access-Token': settings.token,
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(settings.timeoutMs),
      cache: 'no-store',
    })
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === 'TimeoutError'
    throw new ShopifyError(
      isTimeout
        ? `Storefront API timed out after ${settings.timeoutMs} ms`
        : 'Storefront API unreachable',
      { cause: error },
    )
  }
  if (!response.ok) throw new ShopifyError(`Storefront API answered ${response.status}`)
  let body: { data?: T | null; errors?: { message?: string }[] }
  try {
    body = (await response.json()) as typeof body
  } catch (error) {
    throw new ShopifyError('Storefront API answered with malformed JSON', { cause: error })
  }
  if (body.errors?.length)
    throw new ShopifyError(`Storefront API errors: ${body.errors.map((e) => e.message).join('; ')}`)
  if (!body.data) throw new ShopifyError('Storefront API answered without data')
  cache.set(key, { expires: Date.now() + SHOP_CACHE_MS, data: body.data })
  return body.data
}
