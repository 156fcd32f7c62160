import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import nextEnv from '@next/env'

import { embeddedDatabaseUrl } from '../../src/lib/db/embedded-address'
import { readLock } from '../../src/lib/db/embedded'
import {
  type EmbeddedDatabaseProcess,
  spawnEmbeddedDatabase,
} from '../../src/lib/db/spawn-embedded'

export const root = path.resolve(import.meta.dirname, '../..')

export const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...extra }))

export const dataDir = () => path.resolve(root, process.env.PGLITE_DATA_DIR || 'data/pglite')

/** A stable secret for a new install: generated once into ./data, so sessions survive restarts. */
const ensureSecret = () => {
  if (process.env.PAYLOAD_SECRET) return
  const file = path.resolve(root, 'data/payload-secret')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  process.env.PAYLOAD_SECRET = fs.readFileSync(file, 'utf8').trim()
}

/**
 * Sets up the environment synchronously, before Payload's configuration is imported: .env files
 * (as Next reads them), the secret, and DATABASE_URL. Without DATABASE_URL the embedded database's
 * address is decided here and the database itself is started by openDatabase(). With
 * `shareRunning`, a command run beside a running site uses that site's database.
 */
export const prepareEnvironment = ({ dev = false, shareRunning = false } = {}) => {
  nextEnv.loadEnvConfig(root, dev, { info: () => {}, error: console.error })
  ensureSecret()
  process.env.NEXT_TELEMETRY_DISABLED = '1'
  if (process.env.DATABASE_URL) return
  const owner = shareRunning ? readLock(dataDir()) : undefined
  if (owner?.url) {
    process.env.DATABASE_URL = owner.url
    return
  }
  process.env.EMBEDDED_DB_ID = `site-${process.pid}`
  process.env.DATABASE_URL = embeddedDatabaseUrl(process.env.EMBEDDED_DB_ID)
}

/** Starts the embedded database when prepareEnvironment chose it. */
export const openDatabase = async (): Promise<EmbeddedDatabaseProcess | undefined> => {
  const socketId = process.env.EMBEDDED_DB_ID
  if (!socketId) return undefined
  const embedded = await spawnEmbeddedDatabase({ dataDir: dataDir(), socketId })
  log('embedded database ready', { dataDir: path.relative(root, dataDir()) })
  return embedded
}
