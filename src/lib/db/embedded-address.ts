import os from 'node:os'
import path from 'node:path'

/**
 * The embedded database listens on a Unix socket whose path is known before it starts, so
 * DATABASE_URL can be set before Payload's configuration is first imported.
 */
export const embeddedSocketDir = (id: string) => path.join(os.tmpdir(), `starfinity-db-${id}`)

export const embeddedSocketFile = (id: string) => path.join(embeddedSocketDir(id), '.s.PGSQL.5432')

export const embeddedDatabaseUrl = (id: string) =>
  `postgres://postgres:postgres@localhost/postgres?host=${encodeURIComponent(embeddedSocketDir(id))}&sslmode=disable`

/** Whether a DATABASE_URL points at an embedded database started by this project. */
export const isEmbeddedDatabaseUrl = (url: string) =>
  url.includes(encodeURIComponent(path.join(os.tmpdir(), 'starfinity-db-')))
