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

/** What went wrong, in words, when the server's answer has no message of its own (decision 205). */
const STATUS_WORDS: [test: (status: number) => boolean, words: string][] = [
  [(status) => status === 401, 'Your session has ended. Sign in again, then retry.'],
  [(status) => status === 403, 'Your account may not do this.'],
  [
    (status) => status === 404,
    'This record no longer exists. Reload the page to see the current list.',
  ],
  [
    (status) => status === 409,
    'Someone else changed this at the same time. Reload the page, then retry.',
  ],
  [(status) => status === 413, 'This is too large to send.'],
  [(status) => status === 429, 'Too many requests just now. Wait a minute, then retry.'],
  [
    (status) => status >= 500,
    'The server could not finish this just now. Nothing was changed; please retry.',
  ],
  [() => true, 'The server refused this request.'],
]

/** A server message that only names its status ("Not Found", "Forbidden") says nothing more. */
const ownWords = (message: string | undefined) =>
  message &&
  !/^(bad request|unauthorized|forbidden|not found|conflict|internal server error)\.?$/i.test(
    message,
  )
    ? message
    : undefined

/**
 * The words of a failure notice: the server's own message, else `fallback`, else what the status
 * means. Never a raw body such as `500: {}` (the error's message keeps that, spec §8).
 */
export const errorText = (error: unknown, fallback?: string) => {
  if (error instanceof ApiError)
    return (
      ownWords(error.serverMessage) ??
      fallback ??
      STATUS_WORDS.find(([test]) => test(error.status))![1]
    )
  // fetch's own failure (TypeError: Failed to fetch): no answer came.
  if (error instanceof TypeError)
    return fallback ?? 'The server could not be reached. Check the connection, then retry.'
  if (error instanceof Error) return fallback ?? error.message
  return fallback ?? String(error)
}

export { apiFetch }
