import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import nextEnv from '@next/env'

import { readLock } from '../../src/lib/db/embedded'
import { type EmbeddedDatabaseProcess, spawnEmbeddedDatabase } from '../../src/lib/db/spawn-embedded'

export const root = path.resolve(import.meta.dirname, '../..')

export const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...extra }))

/** Reads .env files the way Next does, so scripts and the server see the same settings. */
export const loadEnv = (dev: boolean) => nextEnv.loadEnvConfig(root, dev, { info: () => {}, error: console.error })

export const dataDir = () => path.resolve(root, process.env.PGLITE_DATA_DIR || 'data/pglite')

/** A stable secret for a new install: generated once into ./data, so sessions survive restarts. */
export const ensureSecret = () => {
  if (process.env.PAYLOAD_SECRET) return
  const file = path.resolve(root, 'data/payload-secret')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  process.env.PAYLOAD_SECRET = fs.readFileSync(file, 'utf8').trim()
}

/**
 * DATABASE_URL when set; otherwise the embedded database on ./data/pglite. With `shareRunning`,
 * a command run beside a running site connects to that site's database instead of failing.
 */
export const openDatabase = async ({ shareRunning = false } = {}): Promise<EmbeddedDatabaseProcess | undefined> => {
  if (process.env.DATABASE_URL) return undefined
  const dir = dataDir()
  const owner = shareRunning ? readLock(dir) : undefined
  if (owner?.url) {
    process.env.DATABASE_URL = owner.url
    return undefined
  }
  const embedded = await spawnEmbeddedDatabase({ dataDir: dir, port: Number(process.env.PGLITE_PORT || 0) })
  process.env.DATABASE_URL = embedded.url
  log('embedded database ready', { dataDir: path.relative(root, dir) || '.', url: embedded.url })
  return embedded
}
