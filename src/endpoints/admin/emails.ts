import type { Endpoint } from 'payload'

import { isDemoUser } from '@/access'
import { requireAdmin } from '@/access/admin'
import { emailOpenedSchema, emailsQuerySchema } from '@/schemas/admin'
import { emailStats, listEmails, setEmailOpened } from '@/services/admin/emails'

import { handler } from '../http'
import { adminJson, changeEndpoint, listQueryOf } from './respond'

export const emailsEndpoints: Endpoint[] = [
  {
    path: '/admin/emails',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      const list = await listEmails(req.payload, listQueryOf(req, user, emailsQuerySchema))
      // A whole stored message is personal data through and through: never shown to demo users.
      if (isDemoUser(user)) list.data = list.data.map((item) => ({ ...item, rawMessage: null }))
      return adminJson(user, list)
    }),
  },
  {
    path: '/admin/emails/stats',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, { data: await emailStats(req.payload) })
    }),
  },
  changeEndpoint('/admin/emails/:id/email-opened', emailOpenedSchema, (payload, user, id, body) =>
    setEmailOpened(payload, user, id, body.opened),
  ),
]
