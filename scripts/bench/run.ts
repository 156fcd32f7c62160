/**
 * One `npm run bench` run: the site started with scripts/start.ts on a free port and a fresh
 * database (embedded, or one of the run's on BENCH_DATABASE_URL), mail to a loopback SMTP server;
 * the benchmarks run against it in turn; then everything is stopped and removed, also after a
 * failure or Ctrl-C. Exit code 0 unless the site could not be started or stopped answering.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { type TOTP, URI } from 'otpauth'
import pg from 'pg'

import { freePort, readRunning } from '../lib/embedded-db'
import { root } from '../lib/runtime'
import {
  type Site,
  SiteFailed,
  describeExit,
  killSitesNow,
  startSite,
  stopSite,
} from '../lib/site-server'
import { type BenchSmtp, startBenchSmtp } from './email'
import { Interrupted, interrupt } from './interrupt'

/** What every benchmark of the run gets: the site, its database and where results go. */
export interface Bench {
  baseUrl: string
  /** The site's database (the embedded server's, or the run's on BENCH_DATABASE_URL). */
  databaseUrl: string
  /** The site's admin (full access). */
  username: string
  password: string
  /** The site's process group: its members' memory can be sampled. */
  serverPid: number
  /** Receives everything the site sends (SMTP_URL). */
  smtp: BenchSmtp
  /** Distinguishes this run's rows (emails, session ids) from any other's. */
  runId: string
  /** The commit measured, with `+changes` when the working tree differs from it. */
  revision: string
  startupSeconds: number
  resultsDir: string
  /** Everything the site prints. */
  siteLogPath: string
  /** Throws when the site has exited (a benchmark calls it between measurements). */
  checkSite: () => void
  /** Merges fields into bench-results/latest.json and rewrites it; returns its path. */
  saveLatest: (fields: Record<string, unknown>) => string
}

const resultsDir = path.join(root, 'bench-results')
const siteLogPath = path.join(resultsDir, 'server.log')
/** A PostgreSQL server to measure on instead of the embedded one (a database is created on it). */
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined

const revision = () => {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
    const commit = git('rev-parse', '--short', 'HEAD').trim()
    return git('status', '--porcelain', '--untracked-files=no').trim()
      ? `${commit}+changes`
      : commit
  } catch {
    return 'unknown'
  }
}

/**
 * With BENCH_DATABASE_URL: a database of this run's on that server (dropped at the end); with
 * BENCH_DATABASE_REUSE=1 as well, the database that URL names, used as it is and kept (a section
 * that seeds may find its rows there from an earlier run: `npm run bench:scale -- people`).
 */
const createBenchDatabase = async (runId: string) => {
  if (!BENCH_DATABASE_URL) return { url: '', drop: async () => undefined }
  if (process.env.BENCH_DATABASE_REUSE === '1')
    return { url: BENCH_DATABASE_URL, drop: async () => undefined }
  const name = `starfinity_bench_${runId}`
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(BENCH_DATABASE_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

let tempDir: string | undefined
let firstSignalAt = 0
const onSignal = (signal: NodeJS.Signals) => {
  if (!firstSignalAt) {
    firstSignalAt = Date.now()
    console.error(`\n${signal}: stopping the benchmark and the site…`)
    interrupt.abort(new Interrupted('interrupted'))
    return
  }
  // One Ctrl-C can arrive more than once (npm and tsx relay it to this process as well).
  if (Date.now() - firstSignalAt < 2_000) return
  console.error(`${signal} again: killing the site now`)
  killSitesNow()
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true })
  process.exit(130)
}

const run = async (benchmarks: (bench: Bench) => Promise<void>): Promise<number> => {
  // The data directory inside a temporary one, so that its `<dir>.lock` file is removed with it.
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-bench-'))
  tempDir = temporary
  const runId = randomBytes(4).toString('hex')
  const dataDir = path.join(temporary, 'data')
  const cleanupNotes: string[] = []
  let smtp: BenchSmtp | undefined
  let site: Site | undefined
  let dropBenchDatabase: (() => Promise<void>) | undefined
  try {
    const measuredRevision = revision()
    const port = await freePort()
    console.log(`Starting the site on port ${port} (log: ${path.relative(root, siteLogPath)})…`)
    console.log(
      '  a fresh database is migrated and seeded; the site is built first if sources changed',
    )
    const startedAt = Date.now()
    // A reused database keeps the admins of earlier runs: this run's own one.
    const username = process.env.BENCH_DATABASE_REUSE === '1' ? `bench${runId}` : 'bench'
    const password = randomBytes(18).toString('base64url')
    smtp = await startBenchSmtp()
    const benchDatabase = await createBenchDatabase(runId)
    dropBenchDatabase = benchDatabase.drop
    site = await startSite({
      run: 'start-script',
      port,
      host: '127.0.0.1',
      // A fresh database: the embedded one (empty), or one created on BENCH_DATABASE_URL.
      databaseUrl: benchDatabase.url,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PAYLOAD_SECRET: randomBytes(32).toString('hex'),
        TRUST_PROXY: '1',
        RATE_LIMIT_FACTOR: '1',
        // No daily backup in the middle of a measurement (decision 0230).
        BACKUP_DAILY: 'off',
        ADMIN_USERNAME: username,
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'warn',
        // Every signup of a known address sends its email (none is held back by an email to the
        // same address minutes before, decision 0163): the known-address routes measure that path.
        EMAIL_CONFIRM_RESEND_MINUTES: process.env.EMAIL_CONFIRM_RESEND_MINUTES ?? '0',
        // Mail goes to the benchmark's loopback SMTP server (scripts/bench/email.ts).
        SMTP_URL: smtp.url,
      },
      logFile: siteLogPath,
      ownGroup: true,
      signal: interrupt.signal,
      onWaiting: (seconds) => console.log(`  still waiting (${seconds} s)…`),
    })
    const running = site
    const databaseUrl = benchDatabase.url || readRunning(dataDir)?.url
    if (!databaseUrl) throw new SiteFailed('no running database found', site.outputTail())
    console.log(`Database: ${BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded PostgreSQL'}`)
    const startupSeconds = Math.round((Date.now() - startedAt) / 1000)
    console.log(`Site ready after ${startupSeconds} s (revision ${measuredRevision}).`)

    const latest: Record<string, unknown> = {}
    await benchmarks({
      baseUrl: site.url,
      databaseUrl,
      username,
      password,
      serverPid: site.child.pid as number,
      smtp,
      runId,
      revision: measuredRevision,
      startupSeconds,
      resultsDir,
      siteLogPath,
      checkSite: () => {
        if (running.exit) {
          throw new SiteFailed(
            `the site exited (${describeExit(running.exit)}) during the benchmark`,
            running.outputTail(),
          )
        }
      },
      saveLatest: (fields) => {
        Object.assign(latest, fields)
        fs.mkdirSync(resultsDir, { recursive: true })
        const jsonPath = path.join(resultsDir, 'latest.json')
        fs.writeFileSync(jsonPath, `${JSON.stringify(latest, null, 2)}\n`)
        return jsonPath
      },
    })
    return 0
  } catch (error) {
    if (error instanceof Interrupted) return 130
    if (error instanceof SiteFailed) {
      console.error(`\nThe site failed: ${error.reason}. Last lines of its output:\n`)
      console.error(error.outputTail)
    } else console.error(error)
    return 1
  } finally {
    process.stdout.write('Stopping the site… ')
    if (site) cleanupNotes.push(...(await stopSite(site)))
    await smtp?.stop()
    await dropBenchDatabase?.().catch(() => undefined)
    fs.rmSync(temporary, { recursive: true, force: true })
    console.log('stopped.')
    for (const note of cleanupNotes) console.error(`  note: ${note}`)
  }
}

/** Runs the benchmarks on one site, then exits with the run's code. */
/** The run's admin sessions: one sign-in per site and admin serves every part of the run. */
const sessions = new Map<string, Promise<string>>()

/**
 * Signs the bench's full admin in over the admin API: the bearer token of its session. Its first
 * sign-in sets up its second factor (an authenticator app, decision 0210) as a person would, from
 * the key the site shows; the session then serves the whole run.
 */
export const adminToken = (site: { baseUrl: string; username: string; password: string }) => {
  const key = `${site.baseUrl}\n${site.username}`
  let session = sessions.get(key)
  if (!session) {
    session = signInAdmin(site)
    sessions.set(key, session)
    session.catch(() => sessions.delete(key))
  }
  return session
}

const signInAdmin = async (site: { baseUrl: string; username: string; password: string }) => {
  const post = async (body: unknown) => {
    const response = await fetch(`${site.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: site.username,
        password: site.password,
        ...(body as object),
      }),
    })
    return {
      status: response.status,
      body: (await response.json()) as {
        token?: string
        secondFactor?: { secondFactor: string; totp?: { ticket: string; uri: string } }
      },
    }
  }
  let login = await post({})
  const enrolment = login.body.secondFactor?.totp
  if (enrolment) {
    const code = (URI.parse(enrolment.uri) as TOTP).generate()
    login = await post({ secondFactor: { enrol: { ticket: enrolment.ticket, code } } })
  }
  if (!login.body.token) throw new Error(`admin login failed (${login.status})`)
  return login.body.token
}

export const runBench = (benchmarks: (bench: Bench) => Promise<void>) => {
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  run(benchmarks).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      killSitesNow()
      process.exit(1)
    },
  )
}
