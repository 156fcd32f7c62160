/**
 * Several production instances of one build behind the production front, on loopback: what the
 * production compose file runs (deploy/compose.yml), for the tests and `npm run bench:cluster`.
 * Each instance gets its own copy of the build directory (as on two machines) and is started with
 * `npm run serve`'s own command (the image's CMD, decision 0156); all share one database and
 * PAYLOAD_SECRET. The front is nginx with the shipped template (scripts/lib/front.ts), and each
 * instance's SERVER_URL is the front's https address.
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

import { freePort } from './embedded-db'
import { type Front, startFront } from './front'
import { root } from './runtime'
import { reservePort, type Site, SiteFailed, startSite, stopSite } from './site-server'

export type ClusterInstance = {
  /** The instance's own address (past the front). */
  url: string
  port: number
  /** host:port, as the front's access log names the instance. */
  upstream: string
  /** Its copy of the build (relative to the project), where it stores its pages. */
  distDir: string
  running: () => boolean
  /**
   * SIGTERM: `npm run serve` drains and stops the server. SIGKILL: `npm run serve` is killed
   * outright, and the server stops itself (exit-with-parent.cjs). Resolves once the instance no
   * longer accepts connections.
   */
  stop: (signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>
  /** Starts it again (same port, same build directory); resolves once it is healthy. */
  start: () => Promise<void>
  /** Everything it printed, over all its runs. */
  output: () => string
  /** Its metrics listener (decision 0225), on loopback: `${metricsUrl}/metrics`. */
  metricsUrl: string
}

export type Cluster = {
  instances: ClusterInstance[]
  /** The front's https address, every instance's SERVER_URL (undefined without a front). */
  frontUrl: string
  front: Front | undefined
  databaseUrl: string
  stop: () => Promise<void>
}

export type ClusterOptions = {
  instances?: number
  front?: boolean
  /** The instances' database (already migrated and seeded: `npm run migrate`). */
  databaseUrl: string
  /** Another address of it for some instances (e.g. through a relay that can be cut), by index. */
  databaseUrls?: string[]
  /** The build directory every instance copies (relative to the project). */
  buildDir: string
  /** The instances' environment; NEXT_DIST_DIR, PORT, DATABASE_URL and SERVER_URL are set over it. */
  env: Record<string, string | undefined>
  /** More settings for some instances, by index (over `env`). */
  envOf?: (index: number) => Record<string, string | undefined>
  /** Where the instances' output goes (a file each). */
  logDir: string
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })

/**
 * A copy of a build directory as the build left it: without its `cache` (the compiler's, and the
 * build's data cache), the pages a server of that build stored since (server/route-cache), the
 * files such a server is writing meanwhile (Next's `*.tmp`, linked to their names once written)
 * and Next's standalone output (the production image's server, which `next start` does not use).
 */
export const copyBuildDir = (from: string, to: string) => {
  fs.cpSync(path.join(root, from), path.join(root, to), {
    recursive: true,
    filter: (source) =>
      !['cache', path.join('server', 'route-cache'), 'standalone'].includes(
        path.relative(path.join(root, from), source),
      ) && !source.endsWith('.tmp'),
  })
  return () => fs.rmSync(path.join(root, to), { recursive: true, force: true })
}

export const startCluster = async (options: ClusterOptions): Promise<Cluster> => {
  const count = options.instances ?? 2
  // Held until nginx starts (the instances, started first, need its address).
  const frontReservation = await reservePort()
  const frontPort = frontReservation.port
  const frontUrl = `https://localhost:${frontPort}`
  const removals: (() => void)[] = []
  fs.mkdirSync(options.logDir, { recursive: true })

  const makeInstance = async (index: number): Promise<ClusterInstance> => {
    const distDir = `.next-cluster-${process.pid}-${index}`
    removals.push(copyBuildDir(options.buildDir, distDir))
    let port = 0
    const metricsPort = await freePort()
    let site: Site | undefined
    let printed = ''
    const start = async () => {
      if (site && !site.exit) throw new Error(`instance ${index} is running`)
      if (site) printed += site.output()
      site = await startSite({
        run: 'serve-script',
        databaseUrl: options.databaseUrls?.[index] ?? options.databaseUrl,
        port,
        host: '127.0.0.1',
        logFile: path.join(options.logDir, `instance-${index}-${port}.log.${Date.now()}`),
        env: {
          ...options.env,
          ...options.envOf?.(index),
          NEXT_DIST_DIR: distDir,
          METRICS_PORT: String(metricsPort),
          INSTANCE_NAME: `instance-${index}`,
          ...(options.front === false ? {} : { SERVER_URL: frontUrl }),
        },
        timeoutMs: 120_000,
      })
    }
    // The first start: on another port if this one was taken before the instance listened.
    for (let attempt = 1; ; attempt++) {
      port = await freePort()
      try {
        await start()
        break
      } catch (error) {
        if (!(error instanceof SiteFailed && error.portInUse && attempt < 3)) throw error
        site = undefined
      }
    }
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      upstream: `127.0.0.1:${port}`,
      distDir,
      running: () => Boolean(site && !site.exit),
      start,
      stop: async (signal = 'SIGTERM') => {
        if (!site || site.exit) return
        if (signal === 'SIGKILL') site.child.kill('SIGKILL')
        await stopSite(site)
        // The Next server (a process group of its own) may still be finishing its last requests.
        while (!(await refusesConnections(port))) await delay(50)
      },
      output: () => printed + (site?.output() ?? ''),
      metricsUrl: `http://127.0.0.1:${metricsPort}`,
    }
  }

  const instances: ClusterInstance[] = []
  let front: Front | undefined
  const stop = async () => {
    await frontReservation.release()
    await front?.stop()
    await Promise.all(instances.map((instance) => instance.stop()))
    for (const remove of removals) remove()
  }
  try {
    // One at a time: two servers starting at once on two cores only take longer each.
    for (let index = 0; index < count; index++) instances.push(await makeInstance(index))
    await frontReservation.release()
    if (options.front !== false)
      front = await startFront({
        port: frontPort,
        upstreams: instances.map((instance) => instance.upstream),
      })
  } catch (error) {
    await stop()
    throw error
  }
  return { instances, frontUrl, front, databaseUrl: options.databaseUrl, stop }
}

/** A visitor's browser, as the site's analytics and bot checks see one. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

export type VisitorTally = {
  requests: number
  /** GETs that did not answer 200 (target: status). */
  failedGets: string[]
  /** Signups answered 201: each must be stored. */
  acknowledged: string[]
  /** Signups answered 503 with Retry-After: not stored, and the visitor was told so. */
  refused: string[]
  /** Any other answer to a signup (none expected). */
  other: string[]
}

/**
 * Visitors through the front, one request at a time each until stopped: a stored page, a page
 * past the cache (a new address each time), the API's health, and a waitlist signup.
 */
export const visitorLoad = (front: Front, visitors = 6) => {
  const tally: VisitorTally = {
    requests: 0,
    failedGets: [],
    acknowledged: [],
    refused: [],
    other: [],
  }
  let running = true
  const run = `${process.pid}-${Date.now().toString(36)}`
  const headers = { 'user-agent': BROWSER }
  const workers = Array.from({ length: visitors }, async (_, visitor) => {
    for (let i = 0; running; i++) {
      tally.requests++
      if (i % 4 === 3) {
        const email = `visitor-${run}-${visitor}-${i}@example.com`
        const answer = await front
          .request('/api/waitlist', {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ email, name: 'Visitor', product: 'records' }),
          })
          .catch(() => undefined)
        if (answer?.status === 201) tally.acknowledged.push(email)
        else if (answer?.status === 503 && answer.headers['retry-after']) tally.refused.push(email)
        else tally.other.push(`${email}: ${answer?.status ?? 'no answer'}`)
        continue
      }
      const target = ['/', `/faq?visitor=${run}-${visitor}-${i}`, '/api/health'][i % 4]
      const answer = await front.request(target, { headers }).catch(() => undefined)
      if (answer?.status !== 200)
        tally.failedGets.push(`${target}: ${answer?.status ?? 'no answer'}`)
    }
  })
  return {
    tally,
    /** Resolves once `more` requests have been sent since the call. */
    waitFor: async (more: number) => {
      const until = tally.requests + more
      for (const started = Date.now(); tally.requests < until; await delay(20))
        if (Date.now() - started > 120_000) throw new Error('the visitors made no progress')
    },
    stop: async () => {
      running = false
      await Promise.all(workers)
      return tally
    },
  }
}

/** Whether the front's access log names the instance on a 200 after its first `since` lines. */
const frontSent = (front: Front, instance: ClusterInstance, since: number) =>
  front
    .accessLog()
    .slice(since)
    .some((line) => line.includes(`upstream=${instance.upstream} `) && / 200 /.test(line))

/**
 * A rolling restart: each instance in turn gets SIGTERM, is started again, and is back in the
 * front's rotation (a request through the front reached it) before the next one stops.
 * `meanwhile` runs while each one is down.
 */
export const rollingRestart = async (
  front: Front,
  instances: ClusterInstance[],
  meanwhile: () => Promise<void>,
) => {
  for (const instance of instances) {
    await instance.stop('SIGTERM')
    await meanwhile()
    const since = front.accessLog().length
    await instance.start()
    for (const started = Date.now(); !frontSent(front, instance, since); await delay(100)) {
      if (Date.now() - started > 60_000)
        throw new Error(`the front sent nothing to ${instance.upstream} within 60 s of its start`)
      // A request of its own, in case no visitor is around.
      await front.request('/api/health').catch(() => undefined)
    }
  }
}
