import type { Endpoint } from 'payload'

import { requireFullAdmin } from '@/access/admin'
import { auditQuerySchema } from '@/schemas/admin'
import { listAudit } from '@/services/admin/audit'

import { handler } from '../http'

const AUDIT_FULL_ADMINS_ONLY = 'The audit trail is available to full admins only.'
import { adminJson, queryOf } from './respond'

export const auditEndpoints: Endpoint[] = [
  {
    path: '/admin/audit',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req, AUDIT_FULL_ADMINS_ONLY)
      return adminJson(user, await listAudit(req.payload, user, queryOf(req, auditQuerySchema)))
    }),
  },
]
