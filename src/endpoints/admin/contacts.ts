import type { Endpoint } from 'payload'

import { contactStatusSchema, contactsQuerySchema } from '@/schemas/admin'
import {
  contactStats,
  listContacts,
  replyToContact,
  setContactStatus,
} from '@/services/admin/contacts'

import { changeEndpoint, listEndpoints, sendEndpoint } from './respond'

export const contactsEndpoints: Endpoint[] = [
  ...listEndpoints('/admin/contacts', contactsQuerySchema, listContacts, (req) =>
    contactStats(req.payload),
  ),
  changeEndpoint('/admin/contacts/:id/status', contactStatusSchema, (payload, user, id, body) =>
    setContactStatus(payload, user, id, body.status),
  ),
  sendEndpoint('/admin/contacts/:id/reply', 'Reply sent successfully', replyToContact),
]
