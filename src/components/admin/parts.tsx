'use client'

import type { ReactNode } from 'react'

import { CONTACT_SUBJECTS, PRODUCT_LABELS } from '@/lib/constants'

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

/**
 * The labels of the stored choices the dashboard shows: the spec's where it names them (contact
 * subjects, products, the waitlist's "Active (Opened Email)"), else the value capitalised.
 */
export const LABELS = {
  subject: Object.fromEntries(CONTACT_SUBJECTS.map(({ value, label }) => [value, label])),
  product: PRODUCT_LABELS as Record<string, string>,
  waitlistStatus: { active: 'Active (Opened Email)', inactive: 'Inactive' } as Record<
    string,
    string
  >,
}

/**
 * The label of a stored value: from `labels` (a value not in them, such as a subject typed
 * elsewhere, shows as it is), or without labels the value capitalised ("unread" → "Unread").
 */
export const labelOf = (value: string, labels?: Record<string, string>) =>
  labels ? (labels[value] ?? value) : value.charAt(0).toUpperCase() + value.slice(1)

/** Value and label of each choice, with the "everything" choice first. */
export const choices = (
  all: string,
  values: readonly string[],
  labels?: Record<string, string>,
) => [
  { value: 'all', label: all },
  ...values.map((value) => ({ value, label: labelOf(value, labels) })),
]
