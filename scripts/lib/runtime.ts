import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import nextEnv from '@next/env'

import {
  DatabaseInUseError,
  type EmbeddedServer,
  readRunning,
  startEmbeddedServer,
} from './embedded-db'

export const root = path.resolve(import.meta.dirname, '../..')

export const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...extra }))

/** The project's data: embedded database, generated secret, uploaded media. */
export const dataRoot = () => path.resolve(root, process.env.DATA_DIR || 'data')

/** A stable secret for a new install: generated once into the data root, so sessions survive restarts. */
const ensureSecret = () => {
  if (process.env.PAYLOAD_SECRET) return
  const file = path.join(dataRoot(), 'payload-secret')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  process.env.PAYLOAD_SECRET = fs.readFileSync(file, 'utf8').trim()
}

/**
 * Sets up the environment before Payload's configuration is imported: .env files (as Next reads
 * them) and the secret (generated once into the data root, unless `generateSecret` is false).
 * With `shareRunning`, a command run beside a running site uses that site's embedded database.
 */
export const prepareEnvironment = ({
  dev = false,
  shareRunning = false,
  generateSecret = true,
} = {}) => {
  nextEnv.loadEnvConfig(root, dev, { info: () => {}, error: console.error })
  process.env.DATA_DIR = dataRoot()
  if (generateSecret) ensureSecret()
  process.env.NEXT_TELEMETRY_DISABLED = '1'
  if (process.env.DATABASE_URL || !shareRunning) return
  const running = readRunning(dataRoot())
  if (running?.url) process.env.DATABASE_URL = running.url
}

/**
 * Without DATABASE_URL: starts the embedded PostgreSQL server and sets DATABASE_URL to it. Exits with
 * a clear message when another process owns the data root.
 */
export const openDatabase = async (): Promise<EmbeddedServer | undefined> => {
  if (process.env.DATABASE_URL) return undefined
  try {
    const started = Date.now()
    const server = await startEmbeddedServer({ dataRoot: dataRoot() })
    process.env.DATABASE_URL = server.url
    log('embedded database ready', {
      dataDir: path.relative(root, dataRoot()) || '.',
      ms: Date.now() - started,
    })
    return server
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
