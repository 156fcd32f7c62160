import { createHmac, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http2 from 'node:http2'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { BROWSER } from '../../scripts/lib/cluster'
import type { FrontResponse } from '../../scripts/lib/front'
import { npmScriptArgs } from '../../scripts/lib/site-server'
import { asVisitor, startCluster, type TestCluster } from './helpers/cluster'
import { root, serverEnv } from './helpers/server'
import { E2E_USERS } from './helpers/users'

/**
 * The production front (deploy/nginx, decision 0155) before two production instances of one
 * build: nginx with the shipped template, on loopback, with a certificate made for the run.
 */
let cluster: TestCluster
/** The instances' metrics token (decision 0225). */
const METRICS_TOKEN = randomBytes(24).toString('hex')
beforeAll(async () => {
  cluster = await startCluster({ env: { METRICS_TOKEN } })
}, 240_000)
afterAll(async () => {
  await cluster?.stop()
})

const { get, postJson } = asVisitor(() => cluster)

/** The access log's lines for one request target. */
const logged = (target: string) =>
  cluster.front.accessLog().filter((line) => line.includes(`"GET ${target} HTTP/`))
const reachedAnInstance = (line: string) => !/ upstream=- /.test(line)

const cookieOf = (response: FrontResponse, name: string) =>
  (response.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`))

/** A browser's request with the session cookie (Payload takes it from a same-origin request). */
const withSession = (cookie: string) => ({ cookie, 'sec-fetch-site': 'same-origin' })

const FROM_CACHE = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED']

/** Every answer the tests received with a Set-Cookie or a personal view, to check at the end. */
const personal: { target: string; response: FrontResponse }[] = []

test('the instances run the production image’s commands', () => {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')
  expect(dockerfile).toMatch(/^RUN npm run build\b/m)
  expect(dockerfile).toMatch(/^CMD \["npm", "run", "serve"\]$/m)
  const compose = fs.readFileSync(path.join(root, 'deploy/compose.yml'), 'utf8')
  expect(compose).toContain("command: ['npm', 'run', 'migrate']")
  expect(compose).toContain('./nginx/templates:/etc/nginx/templates:ro')
  // The harness started each instance with `npm run serve`'s own command, which says so.
  expect(npmScriptArgs('serve')).toEqual(['scripts/run-ts.mjs', 'scripts/serve.ts'])
  for (const instance of cluster.instances)
    expect(instance.output()).toMatch(/"msg":"build content dropped","files":[1-9]/)
})

test('speaks HTTP/2 over TLS and serves pages rendered from the instances’ database', async () => {
  const session = http2.connect(cluster.frontUrl, { ca: cluster.front.ca })
  try {
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve())
      session.once('error', reject)
    })
    expect(session.alpnProtocol).toBe('h2')
    const { status, html } = await new Promise<{ status: number; html: string }>(
      (resolve, reject) => {
        const stream = session.request({ ':path': '/faq', 'user-agent': BROWSER })
        let status = 0
        let html = ''
        stream.on('response', (headers) => (status = Number(headers[':status'])))
        stream.setEncoding('utf8')
        stream.on('data', (chunk: string) => (html += chunk))
        stream.on('end', () => resolve({ status, html }))
        stream.on('error', reject)
      },
    )
    expect(status).toBe(200)
    // Rendered by an instance for the front's address: not the build's prerendered page, which
    // names the address the build was made for.
    expect(html).toContain(`<link rel="canonical" href="${cluster.frontUrl}/faq"`)
  } finally {
    session.close()
  }
  const again = await get('/faq')
  expect(again.status).toBe(200)
  expect(again.headers['x-cache-status']).toBe('HIT')
  // The instance that rendered it stored it in its own copy of the build, not in the original.
  const storedBy = () =>
    cluster.instances.filter((instance) => {
      const pages = path.join(root, instance.distDir, 'server/route-cache')
      return (
        fs.existsSync(pages) &&
        fs
          .readdirSync(pages, { recursive: true })
          .some((file) => String(file).endsWith('/faq.html'))
      )
    })
  await expect.poll(() => storedBy().length).toBe(1)
})

test('X-Forwarded-For: the app stores the visitor’s address, not one the visitor made up', async () => {
  const email = `front-${randomBytes(4).toString('hex')}@example.com`
  const joined = await cluster.front.request('/api/waitlist', {
    method: 'POST',
    localAddress: '127.0.0.2',
    headers: {
      'content-type': 'application/json',
      'user-agent': BROWSER,
      'x-forwarded-for': '203.0.113.9',
    },
    body: JSON.stringify({ email, name: 'Front', product: 'records' }),
  })
  expect(joined.status, joined.body).toBe(201)
  const rows = await cluster.query<{ ip_address: string }>(
    'SELECT ip_address FROM consents WHERE email = $1',
    [email],
  )
  expect(rows).toEqual([{ ip_address: '127.0.0.2' }])
})

test('a body past the app’s limit is refused by the front with 413, before any instance', async () => {
  const target = `/api/contact?large=${randomBytes(4).toString('hex')}`
  const tooLarge = await postJson(target, { message: 'x'.repeat(3 * 1024 * 1024) })
  expect(tooLarge.status).toBe(413)
  expect(JSON.parse(tooLarge.body).message).toMatch(/too large/)
  // Logged once nginx has closed the connection (it reads and drops the rest of the body first).
  const line = () => cluster.front.accessLog().find((entry) => entry.includes(`"POST ${target} `))
  await expect.poll(line, { timeout: 15_000 }).toBeTruthy()
  expect(line()).toMatch(/ 413 .* upstream=- /)
})

test('collapses requests: 20 at once for a page not in the cache reach the instances once', async () => {
  const target = `/faq?visit=${randomBytes(4).toString('hex')}`
  const answers = await Promise.all(Array.from({ length: 20 }, () => get(target)))
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
  await expect.poll(() => logged(target).length).toBe(20)
  expect(logged(target).filter(reachedAnInstance)).toHaveLength(1)
})

test('collapses requests: an expired page is refreshed by one request, the others get the stored copy', async () => {
  const id = randomBytes(4).toString('hex')
  const target = `/faq?expired=${id}`
  const probe = `/faq?probe=${id}`
  expect((await get(target)).headers['x-cache-status']).toBe('MISS')
  expect((await get(probe)).headers['x-cache-status']).toBe('MISS')
  // The probe was stored after the target: once the probe has expired (s-maxage), so has the
  // target, and the app's stale-while-revalidate still allows its stored copy.
  await expect
    .poll(async () => (await get(probe)).headers['x-cache-status'], { timeout: 30_000 })
    .toBe('STALE')
  const before = logged(target).length
  const answers = await Promise.all(Array.from({ length: 20 }, () => get(target)))
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
  const statuses = answers.map((answer) => answer.headers['x-cache-status'])
  // One request found it expired and started the refresh; none waited for an instance.
  expect(statuses.filter((status) => status === 'STALE')).toHaveLength(1)
  expect(
    statuses.filter((status) => !['STALE', 'UPDATING', 'HIT'].includes(status as string)),
  ).toEqual([])
  // The refresh (logged as a subrequest) is the only request that reached an instance.
  await expect.poll(() => logged(target).slice(before).filter(reachedAnInstance).length).toBe(1)
})

describe('metrics on private addresses only (decision 0225)', () => {
  const scrape = async (url: string, token?: string) => {
    const response = await fetch(`${url}/metrics`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    return { status: response.status, text: await response.text() }
  }
  /** One sample's value, summed over the instances' answers. */
  const total = (texts: string[], sample: string) =>
    texts
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.startsWith(`${sample} `))
      .reduce((sum, line) => sum + Number(line.split(' ')[1]), 0)
  const scrapeAll = async () =>
    Promise.all(
      cluster.instances.map(
        async (instance) => (await scrape(instance.metricsUrl, METRICS_TOKEN)).text,
      ),
    )

  test('each instance answers its metrics to the token alone, and they move with traffic', async () => {
    for (const instance of cluster.instances) {
      expect((await scrape(instance.metricsUrl)).status).toBe(404)
      expect((await scrape(instance.metricsUrl, `${METRICS_TOKEN}0`)).status).toBe(404)
    }
    const hits = 'starfinity_page_cache_lookups_total{kind="page",result="hit"}'
    const pageViews =
      'starfinity_http_requests_total{group="page-cached",method="GET",status="200"}'
    const before = await scrapeAll()
    // Straight to an instance (the front would answer from its own cache): the second view of a
    // page is a hit of the instance's page cache.
    const instance = cluster.instances[0]
    for (let view = 0; view < 2; view++)
      expect(
        (await fetch(`${instance.url}/faq`, { headers: { 'user-agent': BROWSER } })).status,
      ).toBe(200)
    // A request is counted when its answer has been handed on (the response's `finish`), which
    // may come a moment after the client has read it.
    await expect
      .poll(async () => total(await scrapeAll(), pageViews))
      .toBeGreaterThanOrEqual(total(before, pageViews) + 2)
    const after = await scrapeAll()
    expect(after[0]).toMatch(/^# HELP process_cpu_user_seconds_total /m)
    expect(total(after, hits)).toBeGreaterThan(total(before, hits))
    // Both instances beat: the heartbeat rows name each.
    const beating = await cluster.query<{ instance_id: string }>(
      'SELECT instance_id FROM instance_heartbeats ORDER BY instance_id',
    )
    expect(beating.map((row) => row.instance_id)).toEqual(['instance-0', 'instance-1'])
  })

  test('neither the metrics nor the front’s status are reachable through the public server', async () => {
    for (const target of ['/metrics', '/nginx_status', '/api/metrics', '/api/nginx_status']) {
      const answer = await get(target, { authorization: `Bearer ${METRICS_TOKEN}` })
      expect(answer.status).not.toBe(200)
      expect(answer.body).not.toMatch(/starfinity_http_requests_total|Active connections/)
    }
    // The front's status on its private address.
    const status = await fetch(cluster.front.statusUrl)
    expect(status.status).toBe(200)
    expect(await status.text()).toMatch(/^Active connections: \d+/)
  })
})

describe('nothing personal is stored by the front', () => {
  // An editor: a signed-in session without a second factor to answer (full admins have one).
  const { username, password } = E2E_USERS.editor

  test('an admin signed in through the front: the session is never cached or shared', async () => {
    const login = await postJson('/api/users/login', { username, password })
    expect(login.status).toBe(200)
    personal.push({ target: '/api/users/login', response: login })
    const token = cookieOf(login, 'payload-token')
    expect(token).toBeTruthy()
    const cookie = token as string
    for (const target of ['/api/users/me', '/admin', '/faq', '/']) {
      const signedIn = await get(target, withSession(cookie))
      expect(signedIn.status, target).toBe(200)
      expect(FROM_CACHE, target).not.toContain(signedIn.headers['x-cache-status'])
      personal.push({ target, response: signedIn })
    }
    const me = await get('/api/users/me', withSession(cookie))
    expect(JSON.parse(me.body).user.username).toBe(username)

    for (const target of ['/api/users/me', '/admin']) {
      const anonymous = await get(target)
      expect(anonymous.body, target).not.toContain(username)
      expect(anonymous.headers['set-cookie'], target).toBeUndefined()
      expect(FROM_CACHE, target).not.toContain(anonymous.headers['x-cache-status'])
    }
    expect(JSON.parse((await get('/api/users/me')).body).user).toBeNull()
  })

  test('a waitlist signup and a contact message: their answers and pages stay the visitor’s', async () => {
    const stamp = randomBytes(4).toString('hex')
    const email = `private-${stamp}@example.com`
    const joined = await postJson('/api/waitlist', {
      email,
      name: `Pat ${stamp}`,
      product: 'records',
    })
    expect(joined.status).toBe(201)
    const { referralUrl } = JSON.parse(joined.body) as { referralUrl: string }
    const contact = await postJson('/api/contact', {
      name: `Pat ${stamp}`,
      email,
      subject: `Hello ${stamp}`,
      message: 'A question for the team about the books.',
    })
    expect(contact.status, contact.body).toBe(201)
    const referral = new URL(referralUrl, cluster.frontUrl)
    for (const target of [
      '/api/waitlist',
      '/api/contact',
      '/waitlist',
      '/contact',
      `${referral.pathname}${referral.search}`,
    ]) {
      for (let view = 0; view < 2; view++) {
        const anonymous = await get(target)
        expect(anonymous.body, target).not.toContain(stamp)
        expect(anonymous.headers['set-cookie'], target).toBeUndefined()
      }
    }
  })

  test('an editor’s preview (draft mode) through the front is never served to anyone else', async () => {
    const login = await postJson('/api/users/login', { username, password })
    const cookie = cookieOf(login, 'payload-token') as string
    const title = `Draft Horizon ${randomBytes(4).toString('hex')}`
    const created = await cluster.front.request('/api/faq-items?draft=true', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: cluster.frontUrl },
      body: JSON.stringify({ group: 'Getting Started', question: title, answer: 'Not yet.' }),
    })
    expect(created.status, created.body).toBe(201)

    const secret = createHmac('sha256', serverEnv('').PAYLOAD_SECRET as string)
      .update('preview:/faq')
      .digest('base64url')
    const opened = await get(`/preview?path=%2Ffaq&secret=${secret}`, withSession(cookie))
    expect(opened.status).toBe(307)
    const draftCookie = cookieOf(opened, '__prerender_bypass')
    expect(draftCookie).toBeTruthy()
    personal.push({ target: '/preview', response: opened })
    const draft = await get('/faq', withSession(`${cookie}; ${draftCookie}`))
    expect(draft.body).toContain(title)
    expect(FROM_CACHE).not.toContain(draft.headers['x-cache-status'])
    personal.push({ target: '/faq (draft mode)', response: draft })
    // With the draft-mode cookie alone (a link shared by the editor): still never the cache's.
    const draftOnly = await get('/faq', { cookie: draftCookie as string })
    expect(FROM_CACHE).not.toContain(draftOnly.headers['x-cache-status'])

    for (let view = 0; view < 2; view++) {
      const anonymous = await get('/faq')
      expect(anonymous.status).toBe(200)
      expect(anonymous.body).not.toContain(title)
      expect(anonymous.headers['set-cookie']).toBeUndefined()
    }
  })

  test('no answer that set a cookie or showed a signed-in view came from the cache', () => {
    expect(personal.length).toBeGreaterThan(0)
    for (const { target, response } of personal)
      expect(FROM_CACHE, target).not.toContain(response.headers['x-cache-status'])
    // And the front never answered the admin, the API or the preview from its cache.
    const fromCache = cluster.front
      .accessLog()
      .filter((line) => / cache=(HIT|STALE|UPDATING) /.test(line))
    expect(fromCache.filter((line) => /"\w+ \/(admin|api|preview)/.test(line))).toEqual([])
  })
})

describe('instances stopping', () => {
  test('one instance stopped under load: not one GET fails', async () => {
    const [first, second] = cluster.instances
    let running = true
    const failures: string[] = []
    let sent = 0
    const visitors = Array.from({ length: 4 }, async (_, visitor) => {
      for (let i = 0; running; i++) {
        // Past the page cache (a new address each time) and through the API: every one of these
        // reaches an instance.
        const target = i % 2 ? '/api/health' : `/faq?failover=${visitor}-${i}`
        sent++
        const answer = await get(target).catch((error: Error) => ({
          status: 0,
          body: error.message,
        }))
        if (answer.status !== 200) failures.push(`${target}: ${answer.status}`)
      }
    })
    await expect.poll(() => sent, { timeout: 30_000 }).toBeGreaterThan(20)
    await first.stop('SIGTERM')
    const afterStop = sent
    await expect.poll(() => sent, { timeout: 30_000 }).toBeGreaterThan(afterStop + 40)
    running = false
    await Promise.all(visitors)
    expect(failures).toEqual([])
    // The second instance served what the first could not.
    const servedBySecond = cluster.front
      .accessLog()
      .filter((line) => line.includes(`upstream=${second.upstream}`))
    expect(servedBySecond.length).toBeGreaterThan(0)
  })

  test('both instances stopped: stored pages are still served, anything else gets a clear 503', async () => {
    await get('/about')
    const stored = await get('/about')
    expect(stored.headers['x-cache-status']).toBe('HIT')
    for (const instance of cluster.instances) await instance.stop('SIGTERM')

    // Until it expires (s-maxage) the stored page is fresh; then, with no instance to refresh
    // it, the stored copy is served as it is.
    const about = async () => {
      const page = await get('/about')
      expect(page.status).toBe(200)
      expect(page.body).toContain(`${cluster.frontUrl}/about`)
      return page.headers['x-cache-status']
    }
    await expect.poll(about, { timeout: 30_000 }).toBe('STALE')

    const signup = await postJson('/api/waitlist', {
      email: `nobody-${randomBytes(4).toString('hex')}@example.com`,
      name: 'Nobody',
      product: 'records',
    })
    expect(signup.status).toBe(503)
    expect(signup.headers['retry-after']).toBe('5')
    expect(JSON.parse(signup.body).message).toMatch(/nothing was saved/)
    const notStored = await get(`/faq?never=${randomBytes(4).toString('hex')}`)
    expect(notStored.status).toBe(503)
  })
})
