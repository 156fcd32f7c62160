'use client'

import { useSearchParams } from 'next/navigation'

import { adminPath, apiFetch, useAdmin } from '../api'
import { notifyError, notifySuccess } from '../notify'
import type { Page } from '../types'

type Changes = Record<string, string | number | undefined>

/**
 * Writes view state into the address, so reload, back and forward keep the view. `push` adds a
 * history entry (a tab, a filter, a page); `replace` edits the current one (each key of a search).
 * Next.js keeps `useSearchParams` in step with the native history calls, without a server round trip.
 */
export const setViewQuery = (changes: Changes, mode: 'push' | 'replace', keep = true) => {
  const query = new URLSearchParams(keep ? window.location.search : '')
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') query.delete(key)
    else query.set(key, String(value))
  }
  const suffix = query.toString()
  const url = `${window.location.pathname}${suffix ? `?${suffix}` : ''}`
  if (mode === 'push') window.history.pushState(null, '', url)
  else window.history.replaceState(null, '', url)
}

/**
 * One server-paged admin list: page, search and filters live in the address (`?page=2&search=ann&
 * product=records`); a new search or filter starts again at page 1. `defaults` names the filters
 * and their "everything" value, which stays out of the address and out of the API call.
 */
export function useAdminList<T, F extends Record<string, string> = Record<string, never>>(
  endpoint: string,
  defaults: F = {} as F,
) {
  const params = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const search = params.get('search') ?? ''
  const filters = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, params.get(name) ?? fallback]),
  ) as F
  const list = useAdmin<Page<T>>(adminPath(endpoint, { ...filters, search, page }))
  return {
    page,
    search,
    filters,
    /** A filter away from its "everything" value. */
    isFiltered: Object.entries(defaults).some(([name, fallback]) => filters[name] !== fallback),
    list,
    setPage: (next: number) => setViewQuery({ page: next > 1 ? next : undefined }, 'push'),
    setSearch: (value: string) => setViewQuery({ search: value, page: undefined }, 'replace'),
    setFilter: (name: keyof F & string, value: string) =>
      setViewQuery(
        { [name]: value === defaults[name] ? undefined : value, page: undefined },
        'push',
      ),
  }
}

export type AdminListState<T, F extends Record<string, string>> = ReturnType<
  typeof useAdminList<T, F>
>

/**
 * A change to one row (`PATCH`): on success the notice (none when `success` is null: a quiet
 * change) and a refresh of the list and its stats; on failure the server's refusal.
 */
export const patchRow = async (
  path: string,
  body: unknown,
  success: string | null,
  refresh: () => Promise<unknown>,
) => {
  try {
    await apiFetch(path, { method: 'PATCH', body })
    if (success) notifySuccess(success)
    await refresh()
  } catch (error) {
    if (success) notifyError('Update failed', error)
  }
}
