'use client'

import { toast } from '@payloadcms/ui'

import { errorText } from './api'

/** The dashboard's notices are Payload's toasts, like the rest of the admin. */
export const notifySuccess = (title: string, description?: string) =>
  toast.success(title, { description })

/** A failure notice: the title, and the server's message (or `fallback`) below it. */
export const notifyError = (title: string, error?: unknown, fallback?: string) =>
  toast.error(title, {
    description: error === undefined ? fallback : errorText(error, fallback),
  })

/** A refusal found before any call (missing fields), as one of the spec's notices. */
export const notifyInvalid = (notice: { title: string; description?: string }) =>
  toast.error(notice.title, { description: notice.description })
