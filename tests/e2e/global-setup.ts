import type { TestProject } from 'vitest/node'

import { launchBrowserServer } from './helpers/browser'
import { startServer } from './helpers/server'
import { buildSite, builtPort, openDatabase } from './helpers/site'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    databaseUrl: string
    /** The run's Chromium, which `launchBrowser` connects to (unset: each file launches one). */
    browserEndpoint?: string
  }
}

/**
 * Builds the production site against a fresh, seeded database and serves it for the browser tests.
 * E2E_REUSE_BUILD=1 serves the existing build instead (`npm test` builds it beside the integration
 * tests; also for quick reruns while writing tests). With E2E_SHARED_BROWSER=1, starts the run's
 * Chromium, which the test files connect to (decision 0240).
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase()
  const reused = process.env.E2E_REUSE_BUILD === '1' ? builtPort() : undefined
  const port = reused ?? (await buildSite(database.url))
  // E2E_SHARED_BROWSER=1: one Chromium for the run, which the files connect to (a download is read
  // as a stream: its path is known only to a browser launched by the reading process). Not yet the
  // default: with it, compile-hints could not read response bodies (decision 0240).
  const [server, browser] = await Promise.all([
    startServer(database.url, {}, port),
    process.env.E2E_SHARED_BROWSER === '1' ? launchBrowserServer() : undefined,
  ])
  project.provide('baseURL', server.url)
  project.provide('databaseUrl', database.url)
  if (browser) project.provide('browserEndpoint', browser.wsEndpoint())
  return async () => {
    await browser?.close()
    await server.stop()
    await database.close()
  }
}
