import type { Endpoint } from 'payload'

import { DEMO_EMAIL_MESSAGE, requireAdmin, requireFullAdmin } from '@/access/admin'
import { adminEmailSchema, contactStatusSchema, contactsQuerySchema } from '@/schemas/admin'
import {
  contactStats,
  listContacts,
  replyToContact,
  setContactStatus,
} from '@/services/admin/contacts'

import { handler, parseWith, readJson } from '../http'
import { adminJson, idOf, listQueryOf, sentAnswer } from './respond'

export const contactsEndpoints: Endpoint[] = [
  {
    path: '/admin/contacts',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(
        user,
        await listContacts(req.payload, listQueryOf(req, user, contactsQuerySchema)),
      )
    }),
  },
  {
    path: '/admin/contacts/stats',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, { data: await contactStats(req.payload) })
    }),
  },
  {
    path: '/admin/contacts/:id/status',
    method: 'patch',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req)
      const id = idOf(req)
      const { status } = parseWith(contactStatusSchema, await readJson(req))
      const data = await setContactStatus(req.payload, user, id, status)
      return adminJson(user, { success: true, data })
    }),
  },
  {
    path: '/admin/contacts/:id/reply',
    method: 'post',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req, DEMO_EMAIL_MESSAGE)
      const id = idOf(req)
      const email = parseWith(adminEmailSchema, await readJson(req))
      const queued = await replyToContact(req.payload, user, id, email)
      return adminJson(user, sentAnswer(queued.status, 'Reply sent successfully'))
    }),
  },
]
