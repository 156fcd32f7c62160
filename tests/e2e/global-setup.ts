import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { spawnEmbeddedDatabase } from '@/lib/db/spawn-embedded'

import { adminQuery } from '../helpers/database'
import { CHECKOUT_ID, databaseUrl } from '../helpers/env'
import { E2E_DIST_DIR, root, runNext, serverEnv, startServer } from './helpers/server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    databaseUrl: string
  }
}

/** A database of its own (PostgreSQL when TEST_DATABASE_URL is set, else embedded), migrated and seeded. */
const openDatabase = async () => {
  const base = process.env.TEST_DATABASE_URL
  if (base) {
    const name = `starfinity_e2e_${CHECKOUT_ID}`
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await adminQuery(`CREATE DATABASE ${name}`)
    return {
      url: databaseUrl(base, name),
      close: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    }
  }
  const embedded = await spawnEmbeddedDatabase({ socketId: `e2e-${CHECKOUT_ID}` })
  return { url: embedded.url, close: embedded.close }
}

const build = (env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = runNext(['build'], env, 'inherit')
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build: ${code}`))))
  })

/**
 * Builds the production site against a fresh database and serves it for the browser tests.
 * E2E_REUSE_BUILD=1 skips the build when one exists (for quick reruns while writing tests).
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase()
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'tests/e2e/helpers/prepare-database.ts')],
    { cwd: root, env: serverEnv(database.url, { NODE_ENV: 'test' }), stdio: 'inherit' },
  )
  const hasBuild = fs.existsSync(path.join(root, E2E_DIST_DIR, 'BUILD_ID'))
  if (!(process.env.E2E_REUSE_BUILD === '1' && hasBuild)) await build(serverEnv(database.url))
  const server = await startServer(database.url)
  project.provide('baseURL', server.url)
  project.provide('databaseUrl', database.url)
  return async () => {
    await server.stop()
    await database.close()
  }
}
