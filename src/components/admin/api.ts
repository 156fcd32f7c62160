'use client'

import useSWR, { type SWRConfiguration } from 'swr'

import { ApiError, apiFetch } from '@/lib/api-client'

/** Spec §7: data is never stale, no retries, no refetch on focus, no polling (a running campaign's
 * progress is the one exception, decision 0118). */
const SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 0,
}

/** Reads an admin endpoint (cookie session); `null` skips the call. */
export const useAdmin = <T>(path: string | null, options: SWRConfiguration<T> = {}) =>
  useSWR<T>(path, (url: string) => apiFetch<T>(url), { ...SWR_OPTIONS, ...options })

/** Builds `/api/admin/<path>?a=b`, leaving out empty parameters. */
export const adminPath = (
  path: string,
  params: Record<string, string | number | undefined> = {},
) => {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== 'all') query.set(key, String(value))
  }
  const suffix = query.toString()
  return `/api/admin/${path}${suffix ? `?${suffix}` : ''}`
}

/** The server's message for a failed call, else the spec's `<status>: <text>` message. */
export const errorText = (error: unknown, fallback?: string) => {
  if (error instanceof ApiError) return error.serverMessage ?? fallback ?? error.message
  if (error instanceof Error) return fallback ?? error.message
  return fallback ?? String(error)
}

export { apiFetch }
