import { spawn } from 'node:child_process'
import path from 'node:path'

import { copyBuildDir } from '../../../scripts/lib/cluster'
import { root } from '../../../scripts/lib/runtime'
import { NEXT_BIN, startSite, stopSite } from '../../../scripts/lib/site-server'

export { freePort } from '../../../scripts/lib/embedded-db'
export { root }

// E2E_DIST_DIR: another directory, e.g. to keep serving one build while testing the next.
export const E2E_DIST_DIR = process.env.E2E_DIST_DIR || '.next-e2e'

/** Environment of the production server and build the browser tests use. */
export const serverEnv = (
  databaseUrl: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: E2E_DIST_DIR,
  DATABASE_URL: databaseUrl,
  PAYLOAD_SECRET: 'e2e-secret-not-for-production-0123456789',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '0',
  // Every test signs up from 127.0.0.1; the limits themselves are covered by integration tests.
  RATE_LIMIT_FACTOR: '0',
  // /render-error-check fails on purpose: the site's error page is tested on it.
  RENDER_ERROR_CHECK: '1',
  // Campaign mail as fast as the outbox takes it; the shared rate is an integration test's.
  EMAIL_RATE_PER_SECOND: '10000',
  ...extra,
})

/**
 * A copy of the e2e build in `distDir` (a directory of the project), as on another machine: a
 * server writes its page cache into its build directory, so each server gets its own. The build's
 * `cache` (the compiler's, and the data cache) stays behind.
 */
export const copyBuild = (distDir: string) => copyBuildDir(E2E_DIST_DIR, distDir)

/** `next build` (or another Next command) on the e2e build directory. */
export const runNext = (args: string[], env: NodeJS.ProcessEnv, stdio: 'inherit' | 'pipe') =>
  spawn(process.execPath, [NEXT_BIN, ...args], { cwd: root, env, stdio })

export type RunningServer = { url: string; stop: () => Promise<void> }

/**
 * Starts `next start` on the e2e build. Tests that need other settings (e.g. a configured shop)
 * start a second server with `extraEnv`.
 */
export const startServer = async (
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> => {
  const site = await startSite({
    run: 'next-start',
    databaseUrl,
    port,
    setServerUrl: true,
    // What the suite's server printed, to read after a failed run (a test's own server keeps it).
    logFile: port ? path.join(root, 'test-results', `server-${port}.log`) : undefined,
    env: serverEnv(databaseUrl, extraEnv),
    timeoutMs: 60_000,
  })
  return { url: site.url, stop: async () => void (await stopSite(site)) }
}
