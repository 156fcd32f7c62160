import type { Endpoint } from 'payload'

import { requireFullAdmin } from '@/access/admin'
import { badRequest } from '@/lib/errors'
import { listQuerySchema } from '@/schemas/admin'
import { importStartSchema } from '@/schemas/newsletter-import'
import { listSubscribers, newsletterStats } from '@/services/admin/newsletter'
import {
  IMPORT_BODY_LIMIT,
  importProgress,
  previewImport,
  startImport,
} from '@/services/admin/newsletter-import'

import { clientIp, handler, parseWith, readJson } from '../http'
import { adminJson, idOf, listEndpoints } from './respond'

/** An upload's types: browsers send text/csv, some systems a spreadsheet or plain-text type. */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel']
const NOT_CSV = 'Upload a CSV file (Content-Type text/csv).'

export const newsletterEndpoints: Endpoint[] = [
  ...listEndpoints('/admin/newsletter', listQuerySchema, listSubscribers, (req) =>
    newsletterStats(req.payload),
  ),
  {
    path: '/admin/newsletter/import/preview',
    method: 'post',
    // The CSV streams through under its own limit (the service holds it to it), not Payload's 2 MB.
    custom: { bodyLimit: IMPORT_BODY_LIMIT },
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
      if (!CSV_TYPES.includes(type)) throw badRequest(NOT_CSV, { file: NOT_CSV })
      const body = await previewImport(
        req.payload,
        user,
        req.body as ReadableStream<Uint8Array> | null,
        Number(req.headers.get('content-length')) || 0,
      )
      return adminJson(user, body)
    }),
  },
  {
    path: '/admin/newsletter/import/:id/start',
    method: 'post',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      const id = idOf(req)
      const input = parseWith(importStartSchema, await readJson(req))
      return adminJson(user, await startImport(req.payload, user, id, input, clientIp(req)))
    }),
  },
  {
    path: '/admin/newsletter/import/:id',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      return adminJson(user, await importProgress(req.payload, idOf(req)))
    }),
  },
]
