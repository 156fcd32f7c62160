'use client'

import type { ReactNode } from 'react'

import { errorText } from './api'
import { ErrorText, Muted } from './ui'

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

export const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—')

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—')

/** Value and label of each choice, with the "everything" choice first. */
export const choices = (all: string, values: readonly string[]) => [
  { value: 'all', label: all },
  ...values.map((value) => ({ value, label: value })),
]
