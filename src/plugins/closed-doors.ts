import type { Endpoint, SanitizedConfig } from 'payload'

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
