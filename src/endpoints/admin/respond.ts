import type { Endpoint, Payload, PayloadRequest } from 'payload'
import type { z } from 'zod'

import { isDemoUser } from '@/access'
import {
  type AdminUser,
  DEMO_EMAIL_MESSAGE,
  DEMO_SEARCH_MESSAGE,
  requireAdmin,
  requireFullAdmin,
} from '@/access/admin'
import { AppError, badRequest } from '@/lib/errors'
import { maskPersonalData } from '@/lib/mask'
import { type AdminEmail, adminEmailSchema, idParamSchema } from '@/schemas/admin'

import { handler, json, parseWith, readJson } from '../http'

/** Every admin answer leaves through here: a demo user's copy has its personal data masked. */
export const adminJson = (user: AdminUser, body: unknown, status = 200) =>
  json(isDemoUser(user) ? maskPersonalData(body) : body, status)

/** The query string, validated like a body: bad values answer 400 naming the parameter. */
export const queryOf = <S extends z.ZodType>(req: PayloadRequest, schema: S): z.output<S> =>
  parseWith(schema, Object.fromEntries(req.searchParams ?? new URLSearchParams()))

/** A list's query: as queryOf, and a demo user may filter and page but not search. */
export const listQueryOf = <S extends z.ZodType<{ search?: string }>>(
  req: PayloadRequest,
  user: AdminUser,
  schema: S,
): z.output<S> => {
  const query = queryOf(req, schema)
  if (query.search && isDemoUser(user)) throw new AppError(403, DEMO_SEARCH_MESSAGE)
  return query
}

/** The `:id` of the path. */
export const idOf = (req: PayloadRequest): number => {
  const result = idParamSchema.safeParse(req.routeParams?.id)
  if (result.success) return result.data
  const message = result.error.issues[0]?.message ?? 'Invalid id'
  throw badRequest(message, { id: message })
}

/** A refused address (suppressed or unsubscribed) is logged as skipped, not sent. */
export const NOT_SENT_MESSAGE =
  'Email not sent: this address does not receive email (suppressed or unsubscribed).'

export const sentAnswer = (status: 'queued' | 'skipped', sentMessage: string) =>
  status === 'queued'
    ? { success: true, message: sentMessage }
    : { success: false, message: NOT_SENT_MESSAGE }

/**
 * An admin list's two reads, open to every admin: `GET path` answers a page of `list` for the
 * query (a demo user may not search), `GET path/stats` answers `{ data: stats }`.
 */
export const listEndpoints = <S extends z.ZodType<{ search?: string }>>(
  path: string,
  querySchema: S,
  list: (payload: Payload, query: z.output<S>) => Promise<unknown>,
  stats: (req: PayloadRequest) => Promise<unknown>,
): Endpoint[] => [
  {
    path,
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, await list(req.payload, listQueryOf(req, user, querySchema)))
    }),
  },
  {
    path: `${path}/stats`,
    method: 'get',
    handler: handler(async (req) => {
      const user = requireAdmin(req)
      return adminJson(user, { data: await stats(req) })
    }),
  },
]

/**
 * An admin change of one document, `PATCH path` (full admins; demo users are refused): the body
 * checked by `schema`, the change made by `change`, answered `{ success: true, data }`.
 */
export const changeEndpoint = <S extends z.ZodType>(
  path: string,
  schema: S,
  change: (payload: Payload, user: AdminUser, id: number, body: z.output<S>) => Promise<unknown>,
): Endpoint => ({
  path,
  method: 'patch',
  handler: handler(async (req) => {
    const user = requireFullAdmin(req)
    const id = idOf(req)
    const body = parseWith(schema, await readJson(req))
    const data = await change(req.payload, user, id, body)
    return adminJson(user, { success: true, data })
  }),
})

/**
 * An admin's email to the person behind one document, `POST path` (full admins): the subject and
 * message checked, `send` queues it, answered with `sentMessage` or why it was not sent.
 */
export const sendEndpoint = (
  path: string,
  sentMessage: string,
  send: (
    payload: Payload,
    user: AdminUser,
    id: number,
    email: AdminEmail,
  ) => Promise<{ status: 'queued' | 'skipped' }>,
): Endpoint => ({
  path,
  method: 'post',
  handler: handler(async (req) => {
    const user = requireFullAdmin(req, DEMO_EMAIL_MESSAGE)
    const id = idOf(req)
    const email = parseWith(adminEmailSchema, await readJson(req))
    const queued = await send(req.payload, user, id, email)
    return adminJson(user, sentAnswer(queued.status, sentMessage))
  }),
})
