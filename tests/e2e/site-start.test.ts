import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import { freePort, isAlive, readRunning } from '../../scripts/lib/embedded-db'

import { startSite } from '../../scripts/lib/site-server'
import { copyBuild, root } from './helpers/server'

/**
 * `npm start` as a new user runs it: nothing configured, the embedded database, the production
 * build, the worker beside the server. Then a stop and a start: what was stored is still there.
 *
 * The build is the browser tests' own, copied into a directory of this file's (a server writes its
 * page cache there): `npm start` finds it newer than the sources and serves it without building
 * again, as on a second start.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-site-'))
const distDir = `.next-site-start-${process.pid}`
const removeBuild = copyBuild(distDir)
const running: ChildProcess[] = []
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
  removeBuild()
})

const cleanEnv = () => {
  const env: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (
      !/^(DATABASE_URL|TEST_|NODE_ENV|PAYLOAD_SECRET|DATA_DIR|VITEST|ADMIN_|DB_POOL_MAX)/.test(key)
    )
      env[key] = value
  }
  return {
    ...env,
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: distDir,
    PAYLOAD_SECRET: 'site-test-secret-0123456789abcdef',
    // The load below comes from one address.
    RATE_LIMIT_FACTOR: '0',
  }
}

const start = async () => {
  const site = await startSite({
    run: 'start-script',
    databaseUrl: '',
    host: '127.0.0.1',
    env: cleanEnv(),
    timeoutMs: 14 * 60_000,
  })
  running.push(site.child)
  return { child: site.child, base: site.url, output: site.output }
}

const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill(signal)
  })

/** PostgreSQL server processes serving this test's data directory. */
const postgresServers = () => {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
  return out.split('\n').filter((line) => line.includes(path.join(dataDir, 'postgres')))
}

/** The processes an `npm start` process started, itself included: pid, nice value, command. */
const family = (startPid: number) => {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,ni=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(-?\d+)\s+(.*)$/))
    .filter((match): match is RegExpMatchArray => Boolean(match))
    .map(([, pid, ppid, nice, args]) => ({ pid: Number(pid), ppid: Number(ppid), nice, args }))
  const members = new Set([startPid])
  for (let grew = true; grew;) {
    grew = false
    for (const row of rows) {
      if (members.has(row.ppid) && !members.has(row.pid)) {
        members.add(row.pid)
        grew = true
      }
    }
  }
  return rows.filter((row) => members.has(row.pid))
}

/** The Next server started by an `npm start` process: the descendant whose command names next. */
const nextServer = (startPid: number) =>
  family(startPid).find((row) => /next/.test(row.args) && !/worker\.ts/.test(row.args))

/** Its worker (scripts/worker.ts): the process that runs the script, not run-ts.mjs before it. */
const worker = (startPid: number) =>
  family(startPid).find((row) => /worker\.ts/.test(row.args) && !/run-ts\.mjs/.test(row.args))

const nextServerPid = (startPid: number) => nextServer(startPid)?.pid

const signup = (base: string) =>
  fetch(`${base}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'a@b.co', name: 'A', product: 'records' }),
  })

/** A visitor's browser (Node's own User-Agent, "node", is a bot's, and bots are not counted). */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

const post = (base: string, route: string, body: unknown) =>
  fetch(`${base}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    body: JSON.stringify(body),
  }).then(
    (response) => response.status,
    () => 0,
  )

/**
 * Visitors signing up and browsing until stopped; what was acknowledged with 201, and how many
 * requests were sent.
 */
const visitorLoad = (base: string) => {
  let running = true
  const acknowledged = { waitlist: [] as string[], events: [] as string[] }
  const sent = { requests: 0 }
  const workers = Array.from({ length: 10 }, async (_, worker) => {
    for (let i = 0; running; i++) {
      sent.requests += 2
      const email = `load-${worker}-${i}@example.com`
      const joined = await post(base, 'waitlist', { email, name: 'Load', product: 'records' })
      if (joined === 201) acknowledged.waitlist.push(email)
      const sessionId = `load-${worker}-${i}`
      const tracked = await post(base, 'analytics/track', {
        action: 'click',
        category: 'navigation',
        page: '/',
        sessionId,
      })
      if (tracked === 201) acknowledged.events.push(sessionId)
      if (joined === 0 && tracked === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  return {
    acknowledged,
    sent,
    stop: async () => {
      running = false
      await Promise.all(workers)
    },
  }
}

const queryRunning = async (text: string, values: unknown[]) => {
  const url = readRunning(dataDir)?.url
  if (!url) throw new Error('no running database')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

describe('npm start', () => {
  it(
    'serves the site on a fresh data directory, and keeps the data across a restart',
    async () => {
      const first = await start()
      for (const page of ['/', '/admin/login', '/api/health']) {
        expect((await fetch(`${first.base}${page}`)).status, page).toBe(200)
      }
      expect(first.output()).toMatch(/username: admin\s+password: \S{20,}/)
      expect(first.output()).not.toMatch(/building the site/) // the build was up to date
      expect((await signup(first.base)).status).toBe(201)
      expect(postgresServers().length).toBeGreaterThan(0) // a real PostgreSQL server runs

      // The jobs queue runs in the worker beside the server, at a lower priority (decision
      // 0280): the signup's email is sent (to the development outbox) without any request.
      expect(nextServer(first.child.pid as number)?.nice).toBe('0')
      await expect
        .poll(() => worker(first.child.pid as number)?.nice, { timeout: 30_000 })
        .toBe('10')
      await expect
        .poll(
          async () =>
            (
              await queryRunning('SELECT status FROM email_logs WHERE to_email = $1', ['a@b.co'])
            ).map((row) => row.status),
          { timeout: 60_000 },
        )
        .toEqual(['sent'])

      // Stopped (SIGTERM) while visitors sign up and browse: a bounded, clean stop. Bounded: the
      // process exits although the visitors go on sending requests until after it has exited.
      const load = visitorLoad(first.base)
      await expect
        .poll(() => Math.min(load.acknowledged.waitlist.length, load.acknowledged.events.length), {
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(10)
      const sentBeforeStop = load.sent.requests
      expect(await stop(first.child, 'SIGTERM')).toBe(0)
      expect(load.sent.requests).toBeGreaterThan(sentBeforeStop)
      await load.stop()
      expect(load.acknowledged.waitlist.length).toBeGreaterThan(0)
      expect(fs.existsSync(path.join(dataDir, 'postgres.lock'))).toBe(false)
      expect(postgresServers()).toEqual([]) // and nothing is left behind

      const second = await start()
      // Every signup and event acknowledged before the stop is stored.
      const entries = await queryRunning(
        'SELECT email FROM waitlist_entries WHERE email = ANY($1)',
        [load.acknowledged.waitlist],
      )
      expect(entries.length).toBe(load.acknowledged.waitlist.length)
      const events = await queryRunning(
        'SELECT count(*)::int AS n FROM analytics_events WHERE session_id = ANY($1)',
        [load.acknowledged.events],
      )
      expect(events[0].n).toBe(load.acknowledged.events.length)

      // The signup of the first start is there: the same one again adds no row.
      const again = await signup(second.base)
      expect(again.status).toBe(201)
      const stored = await queryRunning(
        'SELECT count(*)::int AS n FROM waitlist_entries WHERE email = $1',
        ['a@b.co'],
      )
      expect(stored[0].n).toBe(1)
      expect((await fetch(`${second.base}/api/characters`).then((r) => r.json())).totalDocs).toBe(5)
      expect(second.output()).not.toMatch(/password:/)

      // A second owner of the same data directory is refused with a clear message.
      const third = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/start.ts'], {
        cwd: root,
        env: { ...cleanEnv(), PORT: String(await freePort()) } as unknown as NodeJS.ProcessEnv,
      })
      let thirdOutput = ''
      third.stderr?.on('data', (chunk) => (thirdOutput += chunk))
      const thirdCode = await new Promise((resolve) => third.once('close', resolve))
      expect(thirdCode).toBe(1)
      expect(thirdOutput).toMatch(/already in use by process \d+/)

      // The Next server killed from outside: npm start stops the database and exits non-zero.
      const pid = nextServerPid(second.child.pid as number)
      expect(pid).toBeGreaterThan(0)
      const exited = new Promise<number | null>((resolve) => second.child.once('exit', resolve))
      process.kill(pid as number, 'SIGKILL')
      expect(await exited).not.toBe(0)
      expect(postgresServers()).toEqual([])
    },
    30 * 60_000,
  )

  it(
    'killed outright (kill -9), leaves no server behind, and starts again',
    async () => {
      const site = await start()
      const next = nextServerPid(site.child.pid as number)
      expect(next).toBeGreaterThan(0)
      await expect.poll(() => worker(site.child.pid as number), { timeout: 30_000 }).toBeDefined()
      const queue = worker(site.child.pid as number)!.pid
      expect(postgresServers().length).toBeGreaterThan(0)
      // The `node scripts/run-ts.mjs scripts/start.ts` process of `npm start`, with no chance to
      // clean up: what it started stops by itself.
      const exited = new Promise((resolve) => site.child.once('exit', resolve))
      site.child.kill('SIGKILL')
      await exited
      await expect.poll(() => isAlive(next as number), { timeout: 30_000 }).toBe(false)
      await expect.poll(() => isAlive(queue), { timeout: 30_000 }).toBe(false)
      await expect.poll(postgresServers, { timeout: 30_000 }).toEqual([])
      expect(fs.existsSync(path.join(dataDir, 'postgres.lock'))).toBe(false)
      await expect(fetch(`${site.base}/api/health`)).rejects.toThrow()

      const again = await start()
      expect((await fetch(`${again.base}/api/health`)).status).toBe(200)
      // The worker killed from outside: npm start stops the server and the database, and exits
      // non-zero, as for the server.
      await expect.poll(() => worker(again.child.pid as number), { timeout: 30_000 }).toBeDefined()
      const stopped = new Promise<number | null>((resolve) => again.child.once('exit', resolve))
      process.kill(worker(again.child.pid as number)!.pid, 'SIGKILL')
      expect(await stopped).not.toBe(0)
      expect(postgresServers()).toEqual([])
      await expect(fetch(`${again.base}/api/health`)).rejects.toThrow()

      const last = await start()
      expect(await stop(last.child, 'SIGTERM')).toBe(0)
    },
    15 * 60_000,
  )
})
