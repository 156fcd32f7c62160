import type { Endpoint } from 'payload'

import { requireFullAdmin } from '@/access/admin'
import { waitlistExportQuerySchema } from '@/schemas/admin'
import { type CsvExport, exportNewsletter, exportWaitlist } from '@/services/admin/exports'

import { download, handler } from '../http'
import { queryOf } from './respond'

const csvResponse = ({ filename, body }: CsvExport) => download(body, filename, 'text/csv')

/** CSV downloads: full admins only (demo users are refused with the read-only message). */
export const exportsEndpoints: Endpoint[] = [
  {
    path: '/admin/waitlist/export',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      const { product } = queryOf(req, waitlistExportQuerySchema)
      return csvResponse(await exportWaitlist(req.payload, user, product))
    }),
  },
  {
    path: '/admin/newsletter/export',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      return csvResponse(await exportNewsletter(req.payload, user))
    }),
  },
]
