import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { pruneStandalone } from '../../../scripts/prune-standalone.mjs'
import { adminQuery } from '../../helpers/database'
import { CHECKOUT_ID, databaseUrl, TEMPLATE_DB } from '../../helpers/env'
import { startTestServerWithTemplate } from '../../helpers/test-server'
import { E2E_DIST_DIR, freePort, root, runNext, serverEnv } from './server'

/**
 * The browser tests' database on the run's PostgreSQL server (see test-server.ts): a copy of the
 * migrated template, seeded with the site's content and the e2e admins.
 */
export const openDatabase = async () => {
  const stopServer = await startTestServerWithTemplate('e2e')
  const database = await seededDatabase(`e2e_${CHECKOUT_ID}`)
  return {
    url: database.url,
    close: async () => {
      await database.close()
      await stopServer()
    },
  }
}

/**
 * A seeded copy of the template on the run's server (started by the global setup): the browser
 * tests' own, or one for tests that change what every page shows.
 */
export const seededDatabase = async (name: string) => {
  const database = `starfinity_${name}`
  await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  await adminQuery(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`)
  const url = databaseUrl(process.env.TEST_DATABASE_URL as string, database)
  execFileSync(
    process.execPath,
    [path.join(root, 'scripts/run-ts.mjs'), 'tests/e2e/helpers/prepare-database.ts'],
    { cwd: root, env: serverEnv(url, { NODE_ENV: 'test' }), stdio: 'inherit' },
  )
  return { url, close: () => adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) }
}

const portFile = path.join(root, E2E_DIST_DIR, 'e2e-port')

/** The port the existing build was made for, if there is a build. */
export const builtPort = () =>
  fs.existsSync(path.join(root, E2E_DIST_DIR, 'BUILD_ID')) && fs.existsSync(portFile)
    ? Number(fs.readFileSync(portFile, 'utf8'))
    : undefined

/**
 * `next build` of the production site into E2E_DIST_DIR, against the seeded database. Cached pages
 * are rendered at build time with the site's address (canonical and share links): the build is
 * made for a free port, which is kept with it for the server.
 */
export const buildSite = async (databaseUrl: string, stdio: 'inherit' | 'pipe' = 'inherit') => {
  const port = await freePort()
  // With Next's standalone output beside it, as the production image's build makes it (decision
  // 0250): production-image.test.ts serves that.
  const env = serverEnv(databaseUrl, {
    SERVER_URL: `http://localhost:${port}`,
    NEXT_OUTPUT: 'standalone',
  })
  await new Promise<void>((resolve, reject) => {
    const child = runNext(['build'], env, stdio)
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next build: exit code ${code}\n${output}`)),
    )
  })
  // As the image's build stage does after the build (the Dockerfile's RUN line, decision 0250).
  pruneStandalone(root, E2E_DIST_DIR)
  fs.writeFileSync(portFile, String(port))
  return port
}
