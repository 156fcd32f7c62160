import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import type { ClusterInstance } from '../../scripts/lib/cluster'
import { rollingRestart, visitorLoad } from '../../scripts/lib/cluster'
import { pollPage } from '../../scripts/lib/poll'
import { type BenchSmtp, startBenchSmtp } from '../../scripts/bench/email'
import { SHARED_CACHE_BOUND_SECONDS } from '@/lib/cache-control'
import { paragraph } from '../helpers/rich-text'
import { asVisitor, type TestCluster, startCluster } from './helpers/cluster'
import { databaseRelay } from './helpers/database-relay'
import { restAs } from './helpers/rest'
import { E2E_USERS } from './helpers/users'

/**
 * Two production instances of one build, each with its own copy of the build directory (as on
 * two machines), on one database, behind the production front, one cluster for the whole file
 * (decision 0240):
 * - what an editor changes through one is on the other's cached pages, and through the front
 *   within the bound of its Cache-Control (decisions 0150, 0151). The second instance reaches
 *   PostgreSQL through a relay, so the database can go away for it alone;
 * - a rolling restart under load loses nothing, and the jobs (email, scheduled publishing) run
 *   once across both (decision 0157), with one SMTP server for both.
 */
let cluster: TestCluster
let smtp: BenchSmtp
let relay: Awaited<ReturnType<typeof databaseRelay>> | undefined
let a: ClusterInstance
let b: ClusterInstance

beforeAll(async () => {
  smtp = await startBenchSmtp()
  cluster = await startCluster({
    env: { SMTP_URL: smtp.url },
    databaseUrlOf: async (url, index) => {
      if (index === 0) return url
      relay = await databaseRelay(url)
      return relay.url
    },
  })
  ;[a, b] = cluster.instances
}, 240_000)

afterAll(async () => {
  await cluster?.stop()
  await relay?.close()
  await smtp?.stop()
})

const { get, postJson } = asVisitor(() => cluster)

const url = (instance: ClusterInstance, route: string) => `${instance.url}${route}`

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// An instance's pages are read with pollPage, for up to 30 s: how soon they change is measured by
// `npm run bench:cluster`, not here; without the shared revalidation they never change.

/**
 * Reads the page through the front until it shows the text: the front keeps its copy as long as
 * the page's Cache-Control allows (decision 0151), so this waits at most that bound (and a little
 * more for a busy machine) before giving up.
 */
const frontOnceChanged = (route: string, text: string) =>
  pollPage(() => cluster.front.request(route), text, {
    timeoutMs: (SHARED_CACHE_BOUND_SECONDS + 15) * 1000,
    intervalMs: 250,
  })

/** Fetches a page until it is served from the instance's page cache. */
const cached = async (instance: ClusterInstance, route: string) => {
  for (let tries = 0; tries < 50; tries++) {
    const response = await fetch(url(instance, route))
    const html = await response.text()
    if (response.headers.get('x-nextjs-cache') === 'HIT') return html
    await pause(100)
  }
  throw new Error(`${route} on ${instance.url} never came from the page cache`)
}

const editor = async (instance: ClusterInstance) => (await restAs(instance.url)).api

const faqItem = (question: string) => ({
  group: 'Getting Started',
  question,
  answer: 'An answer of the cluster test.',
  _status: 'published',
})

describe('several instances of the site, one database', () => {
  test('an FAQ question published through one instance is on the other’s cached /faq, then the front’s', async () => {
    await Promise.all([cached(a, '/faq'), cached(b, '/faq')])
    // The front holds its own copy (a second view is a hit).
    await cluster.front.request('/faq')
    expect((await cluster.front.request('/faq')).headers['x-cache-status']).toBe('HIT')
    const question = `Is every instance told ${Date.now()}?`
    const request = await editor(a)
    const { doc } = await request('POST', '/faq-items', faqItem(question))

    const onB = await pollPage(url(b, '/faq'), question)
    expect(onB.body).toContain(question)
    // B stored its new render: the next view is a cache hit with the question.
    expect(await cached(b, '/faq')).toContain(question)
    // The front's copy expires (s-maxage) and one request refreshes it from an instance (the
    // first answer with the question is that refreshed copy, a hit).
    expect((await frontOnceChanged('/faq', question)).body).toContain(question)

    // Deleted through B: gone from A's cached page.
    const fromB = await editor(b)
    await fromB('DELETE', `/faq-items/${doc.id}`)
    expect((await pollPage(url(a, '/faq'), question, { present: false })).body).not.toContain(
      question,
    )
  })

  test('an article unpublished through one instance is gone from every instance', async () => {
    const request = await editor(b)
    const slug = `every-instance-${Date.now()}`
    const title = `Read on every instance ${Date.now()}`
    const { doc } = await request('POST', '/articles', {
      title,
      slug,
      excerpt: 'An article of the cluster test.',
      content: paragraph('Written once, read on every instance.'),
      author: 'The cluster test',
      publishedAt: new Date().toISOString(),
      _status: 'published',
    })
    for (const each of [a, b]) {
      expect((await pollPage(url(each, '/insights'), title)).body).toContain(title)
      expect((await pollPage(url(each, `/insights/${slug}`), title)).status).toBe(200)
    }

    await request('PATCH', `/articles/${doc.id}`, { _status: 'draft' })
    for (const each of [a, b]) {
      expect(
        (await pollPage(url(each, '/insights'), title, { present: false })).body,
      ).not.toContain(title)
      const page = await pollPage(url(each, `/insights/${slug}`), title, { present: false })
      expect(page.status).toBe(404)
    }
  })

  test('a site settings change reaches every page of every instance', async () => {
    await Promise.all([cached(a, '/'), cached(b, '/about')])
    const request = await editor(a)
    const tagline = `Where every instance is told ${Date.now()}`
    await request('POST', '/globals/site-settings', { tagline, _status: 'published' })
    expect((await pollPage(url(b, '/about'), tagline)).body).toContain(tagline)
    expect((await pollPage(url(a, '/'), tagline)).body).toContain(tagline)
  })

  test('an instance stopped during a change shows it as soon as it starts again', async () => {
    // An article published after the build: its page is stored by B at run time (npm run serve
    // drops only the pages the build made), and kept in B's build directory over the restart.
    const request = await editor(a)
    const slug = `while-b-was-down-${Date.now()}`
    const { doc } = await request('POST', '/articles', {
      title: 'Before the restart',
      slug,
      excerpt: 'An article of the cluster test.',
      content: paragraph('Written once, read on every instance.'),
      author: 'The cluster test',
      publishedAt: new Date().toISOString(),
      _status: 'published',
    })
    expect(await cached(b, `/insights/${slug}`)).toContain('Before the restart')
    await b.stop()
    await request('PATCH', `/articles/${doc.id}`, {
      title: 'Changed while B was down',
      _status: 'published',
    })
    expect((await pollPage(url(a, `/insights/${slug}`), 'Changed while B')).body).toContain(
      'Changed while B was down',
    )

    // B's build directory still holds the page from before: the first view after its start
    // already has the change (it catches up before serving a cached page).
    await b.start()
    const first = await (await fetch(url(b, `/insights/${slug}`))).text()
    expect(first).toContain('Changed while B was down')
    expect(first).not.toContain('Before the restart')
  })

  test('with the database gone, an instance serves its cached pages and catches up on return', async () => {
    const before = await cached(b, '/faq')
    relay!.cut()
    // The database is gone for B: a page rendered per request cannot be served, cached ones are.
    const dynamic = await fetch(url(b, '/email/preferences?token=nothing'))
    expect(dynamic.status).toBeGreaterThanOrEqual(500)
    await dynamic.arrayBuffer()
    const during = await fetch(url(b, '/faq'))
    expect(during.status).toBe(200)
    expect(await during.text()).toBe(before)

    // A change made meanwhile through A reaches B once the database is back for it.
    const question = `Was it changed while B was cut off ${Date.now()}?`
    const request = await editor(a)
    await request('POST', '/faq-items', faqItem(question))
    expect((await fetch(url(b, '/faq'))).status).toBe(200)
    relay!.resume()
    expect((await pollPage(url(b, '/faq'), question)).body).toContain(question)
  })
})

// After the changes above (the second instance's database relay resumed): restarts and jobs.
describe('two instances restarted and working the queues', () => {
  test('a rolling restart under load: no GET fails, every acknowledged signup is stored, sessions survive', async () => {
    // An editor's session (a full admin's sign-in takes a second factor, not the subject here).
    const { username, password } = E2E_USERS.editor
    const login = await postJson('/api/users/login', { username, password })
    expect(login.status).toBe(200)
    const cookie = (login.headers['set-cookie'] ?? [])
      .map((value) => value.split(';')[0])
      .find((pair) => pair.startsWith('payload-token=')) as string

    const load = visitorLoad(cluster.front)
    await load.waitFor(30)
    await rollingRestart(cluster.front, cluster.instances, () => load.waitFor(30))
    await load.waitFor(30)
    const tally = await load.stop()

    expect(tally.failedGets).toEqual([])
    expect(tally.other).toEqual([])
    expect(tally.acknowledged.length).toBeGreaterThan(0)
    const stored = await cluster.query<{ email: string }>(
      'SELECT email FROM waitlist_entries WHERE email = ANY($1)',
      [tally.acknowledged],
    )
    expect(stored.length).toBe(tally.acknowledged.length)
    // A signup refused with 503 was indeed not stored: the visitor was told the truth.
    const refusedStored = await cluster.query(
      'SELECT 1 FROM waitlist_entries WHERE email = ANY($1)',
      [tally.refused],
    )
    expect(refusedStored).toEqual([])

    // Both instances were restarted since the admin signed in: the session still holds.
    const me = await get('/api/users/me', { cookie, 'sec-fetch-site': 'same-origin' })
    expect(JSON.parse(me.body).user?.username).toBe(username)
  }, 240_000)

  test('each email is sent once, with both instances working the queue', async () => {
    const stamp = randomBytes(4).toString('hex')
    const emails = Array.from({ length: 20 }, (_, i) => `once-${stamp}-${i}@example.com`)
    for (const email of emails) {
      const joined = await postJson('/api/waitlist', { email, name: 'Once', product: 'records' })
      expect(joined.status).toBe(201)
    }
    const delivered = () => emails.filter((email) => smtp.received.has(email)).length
    await expect.poll(delivered, { timeout: 60_000 }).toBe(emails.length)
    // Nothing of theirs is left to send (a log row is marked sent once the server has taken it).
    const unsent = async () =>
      (
        await cluster.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM email_logs WHERE to_email = ANY($1) AND status <> 'sent'`,
          [emails],
        )
      )[0].n
    await expect.poll(unsent, { timeout: 30_000 }).toBe(0)
    expect(emails.map((email) => smtp.received.get(email))).toEqual(Array(emails.length).fill(1))
  })

  test('a scheduled publish fires once', async () => {
    const { username, password } = E2E_USERS.editor
    const login = await postJson('/api/users/login', { username, password })
    const { token, user } = JSON.parse(login.body) as { token: string; user: { id: number } }
    const question = `Scheduled once ${randomBytes(4).toString('hex')}?`
    const created = await postJson(
      '/api/faq-items?draft=true',
      { group: 'Getting Started', question, answer: 'Soon.' },
      { authorization: `JWT ${token}` },
    )
    expect(created.status, created.body).toBe(201)
    const item = (JSON.parse(created.body) as { doc: { id: number } }).doc
    // What the admin's "Schedule publish" stores: a job on the default queue, due in a second.
    // Both instances' timers tick at the same seconds (EMAIL_QUEUE_CRON), so both see it due.
    await cluster.query(
      `INSERT INTO payload_jobs (input, task_slug, queue, wait_until)
       VALUES ($1, 'schedulePublish', 'default', now() + interval '1 second')`,
      [
        JSON.stringify({
          type: 'publish',
          doc: { relationTo: 'faq-items', value: item.id },
          user: { relationTo: 'users', value: user.id },
        }),
      ],
    )
    const published = async () =>
      (
        await cluster.query<{ s: string }>('SELECT _status AS s FROM faq_items WHERE id = $1', [
          item.id,
        ])
      )[0]?.s
    await expect.poll(published, { timeout: 30_000 }).toBe('published')
    // The job is done (and deleted) once; a second run would have made a second version.
    await expect
      .poll(
        async () =>
          (
            await cluster.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'schedulePublish'`,
            )
          )[0].n,
        { timeout: 30_000 },
      )
      .toBe(0)
    const versions = await cluster.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM _faq_items_v WHERE parent_id = $1 AND version__status = 'published'`,
      [item.id],
    )
    expect(versions).toEqual([{ n: 1 }])
    // And it shows everywhere: on each instance's cached /faq, and through the front.
    for (const instance of cluster.instances)
      await expect
        .poll(async () => (await (await fetch(`${instance.url}/faq`)).text()).includes(question), {
          timeout: 30_000,
        })
        .toBe(true)
    await expect
      .poll(async () => (await get('/faq')).body.includes(question), { timeout: 60_000 })
      .toBe(true)
  })
})
