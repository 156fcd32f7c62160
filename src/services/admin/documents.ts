import { APIError, type CollectionSlug, type Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import { AppError } from '@/lib/errors'
import type { Config } from '@/payload-types'

/** Payload's own refusals (not found, forbidden) keep their status and message; the rest is a 500. */
const asAppError = (error: unknown): unknown =>
  error instanceof APIError && error.status >= 400 && error.status < 500
    ? new AppError(error.status, error.message)
    : error

/** One document read with the admin's own access rules. */
export const findOwn = async <S extends CollectionSlug>(
  payload: Payload,
  user: AdminUser,
  collection: S,
  id: number,
) => {
  try {
    return await payload.findByID({ collection, id, depth: 0, overrideAccess: false, user })
  } catch (error) {
    throw asAppError(error)
  }
}

/** One document changed with the admin's own access rules (demo users are refused there too). */
export const updateOwn = async <S extends CollectionSlug>(
  payload: Payload,
  user: AdminUser,
  collection: S,
  id: number,
  data: Partial<Config['collections'][S]>,
) => {
  try {
    return await payload.update({
      collection,
      id,
      // Typed by the parameter; Payload's generic data type does not narrow for a generic slug.
      data: data as never,
      depth: 0,
      overrideAccess: false,
      user,
      context: { disableRevalidate: true },
    })
  } catch (error) {
    throw asAppError(error)
  }
}
