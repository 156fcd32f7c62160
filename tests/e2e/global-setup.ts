import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { adminQuery } from '../helpers/database'
import { CHECKOUT_ID, databaseUrl, TEMPLATE_DB } from '../helpers/env'
import { startTestServerWithTemplate } from '../helpers/test-server'
import { E2E_DIST_DIR, freePort, root, runNext, serverEnv, startServer } from './helpers/server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    databaseUrl: string
  }
}

/**
 * A database of its own on the run's PostgreSQL server (see test-server.ts): a copy of the migrated
 * template, seeded by the caller.
 */
const openDatabase = async () => {
  const stopServer = await startTestServerWithTemplate('e2e')
  const name = `starfinity_e2e_${CHECKOUT_ID}`
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`)
  return {
    url: databaseUrl(process.env.TEST_DATABASE_URL as string, name),
    close: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await stopServer()
    },
  }
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
    [path.join(root, 'scripts/run-ts.mjs'), 'tests/e2e/helpers/prepare-database.ts'],
    { cwd: root, env: serverEnv(database.url, { NODE_ENV: 'test' }), stdio: 'inherit' },
  )
  const hasBuild = fs.existsSync(path.join(root, E2E_DIST_DIR, 'BUILD_ID'))
  const reuse = process.env.E2E_REUSE_BUILD === '1' && hasBuild
  // Cached pages are rendered at build time with the site's address (canonical and share links):
  // build for the address the server will have, and keep that address with the build.
  const portFile = path.join(root, E2E_DIST_DIR, 'e2e-port')
  const port =
    reuse && fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8')) : await freePort()
  if (!reuse) {
    const started = performance.now()
    await build(serverEnv(database.url, { SERVER_URL: `http://localhost:${port}` }))
    fs.writeFileSync(portFile, String(port))
    // `npm test` lists the build as a stage of its own (scripts/test.ts).
    const seconds = (performance.now() - started) / 1000
    if (process.env.TEST_TIMINGS_FILE)
      fs.appendFileSync(
        process.env.TEST_TIMINGS_FILE,
        `${JSON.stringify({ stage: 'build', seconds })}\n`,
      )
  }
  const server = await startServer(database.url, {}, port)
  project.provide('baseURL', server.url)
  project.provide('databaseUrl', database.url)
  return async () => {
    await server.stop()
    await database.close()
  }
}
