import type { Endpoint } from 'payload'

import { requireFullAdmin } from '@/access/admin'
import { personQuerySchema } from '@/schemas/admin'
import { erasePerson, exportPerson, findPerson } from '@/services/admin/people'

import { download, handler, json } from '../http'
import { queryOf } from './respond'

const PEOPLE_FULL_ADMINS_ONLY = "A person's records are available to full admins only."

/**
 * One person, everywhere (docs/decisions/0112-one-person-export-and-erase.md): every record held
 * about an address, as a JSON download, and its erasure. Full admins only; nothing is masked.
 */
export const peopleEndpoints: Endpoint[] = [
  {
    path: '/admin/people',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req, PEOPLE_FULL_ADMINS_ONLY)
      const { email } = queryOf(req, personQuerySchema)
      return json(await findPerson(req.payload, user, email))
    }),
  },
  {
    path: '/admin/people/export',
    method: 'get',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req, PEOPLE_FULL_ADMINS_ONLY)
      const { email } = queryOf(req, personQuerySchema)
      const { filename, body } = await exportPerson(req.payload, user, email)
      return download(body, filename, 'application/json')
    }),
  },
  {
    path: '/admin/people',
    method: 'delete',
    handler: handler(async (req) => {
      const user = requireFullAdmin(req, PEOPLE_FULL_ADMINS_ONLY)
      const { email } = queryOf(req, personQuerySchema)
      return json(await erasePerson(req.payload, user, email))
    }),
  },
]
