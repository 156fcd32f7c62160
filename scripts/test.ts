/**
 * `npm test`: every check of the project, in stages, stopping at the first that fails.
 *
 * 1. Lint (ESLint, Prettier) and the type check, side by side, while the run's PostgreSQL server
 *    starts (embedded, unless TEST_DATABASE_URL names one) and the template every test database
 *    copies is migrated, once for the whole run.
 * 2. Unit and integration tests (vitest.config.ts), files in parallel, each integration file on a
 *    copy of the template (the unit tests start no database); beside them the one production
 *    build, against a copy of the template plus the seed (tests/e2e/helpers/build-site.ts).
 * 3. Browser tests (vitest.e2e.config.ts) on that build (E2E_REUSE_BUILD).
 *
 * Ends with the time each stage took and the tests that needed their retry (decision 0094; the
 * target is none). `npm run test:int` and `npm run test:e2e` still run one suite on their own.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startTestServerWithTemplate } from '../tests/helpers/test-server'
import { root } from './lib/runtime'

const bin = {
  eslint: 'node_modules/eslint/bin/eslint.js',
  prettier: 'node_modules/prettier/bin/prettier.cjs',
  tsc: 'node_modules/typescript/bin/tsc',
  vitest: 'node_modules/vitest/vitest.mjs',
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-test-'))
process.env.RETRIED_TESTS_FILE = path.join(work, 'retried')

/**
 * Runs a Node script, with `env` over this process's; with `quiet`, its output is printed once it
 * ends (so that processes side by side do not interleave).
 */
const run = (name: string, args: string[], quiet = false, env: Record<string, string> = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (quiet && output.trim()) console.log(`-- ${name}\n${output.trimEnd()}`)
      if (code === 0) resolve()
      else reject(new Error(`${name} failed (${signal ?? `exit code ${code}`})`))
    })
  })

/** Waits for every promise (each prints its own output), then fails with the first failure. */
const settled = async (promises: Promise<unknown>[]) => {
  for (const result of await Promise.allSettled(promises))
    if (result.status === 'rejected') throw result.reason
}

const timings: { stage: string; seconds: number }[] = []

const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now()
  try {
    return await work()
  } finally {
    timings.push({ stage, seconds: (performance.now() - started) / 1000 })
  }
}

/** The stage times and the retried tests; also written to TEST_SUMMARY_FILE when set (.ci/run). */
const summary = () => {
  const width = Math.max(...timings.map((row) => row.stage.length))
  const lines = [`npm test on Node ${process.versions.node}, stage times:`]
  for (const row of timings) lines.push(`  ${row.stage.padEnd(width)}  ${row.seconds.toFixed(0)} s`)
  const retriedFile = process.env.RETRIED_TESTS_FILE as string
  const retried = fs.existsSync(retriedFile) ? fs.readFileSync(retriedFile, 'utf8').trim() : ''
  lines.push(
    retried
      ? `Tests that needed a retry:\n${retried.replace(/^/gm, '  ')}`
      : 'No test needed a retry.',
  )
  console.log(`\n${lines.join('\n')}`)
  if (process.env.TEST_SUMMARY_FILE)
    fs.writeFileSync(process.env.TEST_SUMMARY_FILE, `${lines.join('\n')}\n`)
}

let stopServer: (() => Promise<void>) | undefined
let failed = false
try {
  // Side by side: the checks are work for the processor, the database mostly waits on the disk.
  await settled([
    timed('lint and type check', () =>
      settled([
        run('eslint', [bin.eslint, '.'], true),
        run('prettier', [bin.prettier, '--check', '.'], true),
        run('tsc', [bin.tsc, '--noEmit'], true),
      ]),
    ),
    timed('test database (beside it)', async () => {
      stopServer = await startTestServerWithTemplate('run')
      process.env.TEST_TEMPLATE_READY = '1'
    }),
  ])
  // Side by side again: the integration files wait on their database and servers much of the
  // time. Their output is printed once they are done, so that it does not mix with the build's.
  await settled([
    timed('unit and integration tests', () =>
      run('integration tests', [bin.vitest, 'run', '--config', 'vitest.config.ts'], true),
    ),
    timed('build (beside them)', () =>
      run('build', ['scripts/run-ts.mjs', 'tests/e2e/helpers/build-site.ts'], true),
    ),
  ])
  // The browser tests alone: beside the integration tests they took longer than after them.
  await timed('browser tests', () =>
    run('browser tests', [bin.vitest, 'run', '--config', 'vitest.e2e.config.ts'], false, {
      E2E_REUSE_BUILD: '1',
    }),
  )
} catch (error) {
  failed = true
  console.error(`\n${(error as Error).message}`)
} finally {
  await stopServer?.()
  summary()
  fs.rmSync(work, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
