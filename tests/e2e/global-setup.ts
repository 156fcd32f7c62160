import type { TestProject } from 'vitest/node'

import { startServer } from './helpers/server'
import { buildSite, builtPort, openDatabase } from './helpers/site'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    databaseUrl: string
  }
}

/**
 * Builds the production site against a fresh, seeded database and serves it for the browser tests.
 * E2E_REUSE_BUILD=1 serves the existing build instead (`npm test` builds it beside the integration
 * tests; also for quick reruns while writing tests).
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase()
  const reused = process.env.E2E_REUSE_BUILD === '1' ? builtPort() : undefined
  const port = reused ?? (await buildSite(database.url))
  const server = await startServer(database.url, {}, port)
  project.provide('baseURL', server.url)
  project.provide('databaseUrl', database.url)
  return async () => {
    await server.stop()
    await database.close()
  }
}
