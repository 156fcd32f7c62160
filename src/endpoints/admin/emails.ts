import type { Endpoint } from 'payload'

import { isDemoUser } from '@/access'
import { requireAdmin, requireFullAdmin } from '@/access/admin'
import { emailOpenedSchema, emailsQuerySchema } from '@/schemas/admin'
import { emailStats, listEmails, setEmailOpened } from '@/services/admin/emails'

import { handler, parseWith, readJson } from '../http'
import { adminJson, idOf, listQueryOf } from './respond'

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
  {
    path: '/admin/emails/:id/email-opened',
    method: 'patch',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      const id = idOf(req)
      const { opened } = parseWith(emailOpenedSchema, await readJson(req))
      const data = await setEmailOpened(req.payload, user, id, opened)
      return adminJson(user, { success: true, data })
    }),
  },
]
