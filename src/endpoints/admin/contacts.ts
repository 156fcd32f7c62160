import type { Endpoint } from 'payload'

import { DEMO_EMAIL_MESSAGE, requireFullAdmin } from '@/access/admin'
import { adminEmailSchema, contactStatusSchema, contactsQuerySchema } from '@/schemas/admin'
import {
  contactStats,
  listContacts,
  replyToContact,
  setContactStatus,
} from '@/services/admin/contacts'

import { handler, parseWith, readJson } from '../http'
import { adminJson, idOf, listEndpoints, sentAnswer } from './respond'

export const contactsEndpoints: Endpoint[] = [
  ...listEndpoints('/admin/contacts', contactsQuerySchema, listContacts, (req) =>
    contactStats(req.payload),
  ),
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
