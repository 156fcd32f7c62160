/**
 * Imported first by a test file that stops and starts its PostgreSQL server: a throwaway embedded
 * server of the file's own (on a fixed port, so the app's address survives a restart), named by
 * TEST_DATABASE_URL and DATABASE_URL before Payload's configuration is imported.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, startEmbeddedServer } from '../../scripts/lib/embedded-db'

import { databaseUrl } from './env'

const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-own-server-'))
const port = await freePort()
let server = await startEmbeddedServer({ dataRoot, throwaway: true, port })
process.env.TEST_DATABASE_URL = server.url
process.env.DATABASE_URL = databaseUrl(server.url, 'own_server_test')

export const ownServer = {
  stop: () => server.stop(),
  start: async () => {
    server = await startEmbeddedServer({ dataRoot, throwaway: true, port })
  },
  remove: async () => {
    await server.stop()
    fs.rmSync(dataRoot, { recursive: true, force: true })
  },
}
