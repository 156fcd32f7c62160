import path from 'node:path'

import pg from 'pg'

import { BROWSER, type Cluster, startCluster as startClusterOf } from '../../../scripts/lib/cluster'
import type { Front } from '../../../scripts/lib/front'
import { CHECKOUT_ID } from '../../helpers/env'
import { E2E_DIST_DIR, root, serverEnv } from './server'
import { seededDatabase } from './site'

export type TestCluster = Omit<Cluster, 'front'> & {
  front: Front
  /** A query on the cluster's database. */
  query: <R = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>
}

/**
 * Production instances of the browser tests' build (each with its own copy of the build
 * directory, started with `npm run serve`'s command) behind the production front, on a database
 * of their own: a copy of the template, migrated and seeded as `npm run migrate` does. Behind the
 * front (TRUST_PROXY=1); `env` adds to or overrides the instances' settings.
 */
export const startCluster = async ({
  instances = 2,
  env = {},
  databaseUrlOf,
}: {
  instances?: number
  env?: Record<string, string>
  /** The database's address for an instance (e.g. through a relay), by index. */
  databaseUrlOf?: (url: string, index: number) => string | Promise<string>
} = {}): Promise<TestCluster> => {
  const database = await seededDatabase(`cluster_${CHECKOUT_ID}_${process.pid}`)
  let cluster: Cluster
  try {
    const databaseUrls = await Promise.all(
      Array.from({ length: instances }, (_, index) =>
        databaseUrlOf ? databaseUrlOf(database.url, index) : database.url,
      ),
    )
    cluster = await startClusterOf({
      instances,
      databaseUrl: database.url,
      databaseUrls,
      buildDir: E2E_DIST_DIR,
      env: serverEnv(database.url, { TRUST_PROXY: '1', ...env }),
      logDir: path.join(root, 'test-results', `cluster-${process.pid}`),
    })
  } catch (error) {
    await database.close()
    throw error
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 2 })
  // pool.end() resolves before its connections have closed; the database dropped right after ends
  // them from the server's side, which is no failure of the test.
  pool.on('error', () => undefined)
  return {
    ...cluster,
    front: cluster.front as Front,
    query: async <R>(text: string, values: unknown[] = []) =>
      (await pool.query(text, values)).rows as R[],
    stop: async () => {
      await cluster.stop()
      await pool.end()
      await database.close()
    },
  }
}

/**
 * Requests through the cluster's front as a visitor's browser sends them (`cluster` is read when
 * a request is made, so a file can set it up in `beforeAll`).
 */
export const asVisitor = (cluster: () => TestCluster) => ({
  get: (path: string, headers: Record<string, string> = {}) =>
    cluster().front.request(path, { headers: { 'user-agent': BROWSER, ...headers } }),
  postJson: (path: string, body: unknown, headers: Record<string, string> = {}) =>
    cluster().front.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER, ...headers },
      body: JSON.stringify(body),
    }),
})
