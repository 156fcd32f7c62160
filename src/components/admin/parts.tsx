'use client'

import { type ReactNode, createContext, useContext } from 'react'

import { errorText } from './api'
import { Button, ErrorText, Input, Muted, Row } from './ui'

export type AccessLevel = 'full' | 'demo' | 'editor'

const AccessContext = createContext<AccessLevel>('demo')
export const AccessProvider = AccessContext.Provider

/** Whether the signed-in admin only looks (demo mode): mutating controls are greyed. */
export const useIsDemo = () => useContext(AccessContext) === 'demo'

export const DEMO_HINT = 'Read-only in demo mode'

/** Loading, error and empty states of one swr read; children render when there is data. */
export function DataState({
  isLoading,
  error,
  isEmpty,
  empty,
  children,
}: {
  isLoading: boolean
  error: unknown
  isEmpty: boolean
  empty: string
  children: ReactNode
}) {
  if (error) return <ErrorText>Could not load: {errorText(error)}</ErrorText>
  if (isLoading) return <Muted aria-busy="true">Loading…</Muted>
  if (isEmpty) return <Muted>{empty}</Muted>
  return <>{children}</>
}

/** Server-side paging controls. */
export function Pager({
  page,
  totalPages,
  totalDocs,
  onPage,
}: {
  page: number
  totalPages: number
  totalDocs: number
  onPage: (page: number) => void
}) {
  if (totalDocs === 0) return null
  return (
    <Row aria-label="Pages">
      <Button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Muted>
        Page {page} of {Math.max(totalPages, 1)} · {totalDocs.toLocaleString('en-US')} total
      </Muted>
      <Button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Row>
  )
}

export const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—')

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—')

/**
 * The search box of the admin lists. Demo users may not search personal data (the server refuses),
 * so it is disabled for them; a new search starts again at page 1.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string
  placeholder: string
  value: string
  onSearch: (value: string) => void
}) {
  const isDemo = useIsDemo()
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={isDemo ? 'Search is off in demo mode' : placeholder}
      disabled={isDemo}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
    />
  )
}
