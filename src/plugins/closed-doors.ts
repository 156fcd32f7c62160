import type { AfterErrorHook, Endpoint, SanitizedConfig } from 'payload'

import { isInvalidValue } from '@/lib/errors'

/** Payload's own 404 answer, for a door the product keeps closed. */
export const notFound: Endpoint['handler'] = () =>
  Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })

/** Payload's versions routes, for a collection or global that keeps no versions. */
const NO_VERSIONS: Endpoint[] = [
  { path: '/versions', method: 'get', handler: notFound },
  { path: '/versions/:id', method: 'get', handler: notFound },
  { path: '/versions/:id', method: 'post', handler: notFound },
]

/**
 * Doors Payload opens whether or not the product uses them answer 404 instead of failing: the
 * versions routes of collections and globals that keep no versions (Payload answers them with a
 * 500), and the routes of a collection with no endpoints (`payload-migrations`: a 501). Run on the
 * sanitized configuration, so that Payload's own collections are included.
 */
export const closeUnusedDoors = (config: SanitizedConfig): SanitizedConfig => {
  for (const entity of [...config.collections, ...config.globals]) {
    if (entity.endpoints === false) entity.endpoints = []
    else if (!entity.versions) entity.endpoints = [...NO_VERSIONS, ...(entity.endpoints ?? [])]
  }
  return config
}

/**
 * A value PostgreSQL cannot take (an id that is not a number, a NUL character, a page below one)
 * is the request's fault: 404 for one document by such an id (it cannot exist), otherwise 400,
 * in Payload's error shape, on every Payload route.
 */
export const invalidValueAnswer: AfterErrorHook = ({ error, req }) => {
  if (!isInvalidValue(error)) return
  const byId = req.routeParams?.id !== undefined
  return {
    status: byId ? 404 : 400,
    response: {
      errors: [{ message: byId ? 'Not Found' : 'The request holds a value that cannot be used.' }],
    },
  }
}
