import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import type { ClusterInstance } from '../../scripts/lib/cluster'
import { pollPage } from '../../scripts/lib/poll'
import { SHARED_CACHE_BOUND_SECONDS } from '@/lib/cache-control'
import { paragraph } from '../helpers/rich-text'
import { type TestCluster, startCluster } from './helpers/cluster'
import { databaseRelay } from './helpers/database-relay'
import { restAs } from './helpers/rest'

/**
 * Two production instances of one build, each with its own copy of the build directory (as on
 * two machines), on one database, behind the production front: what an editor changes through
 * one is on the other's cached pages, and through the front within the bound of its
 * Cache-Control (decisions 0150, 0151). The second instance reaches PostgreSQL through a relay,
 * so the database can go away for it alone.
 */
let cluster: TestCluster
let relay: Awaited<ReturnType<typeof databaseRelay>> | undefined
let a: ClusterInstance
let b: ClusterInstance

beforeAll(async () => {
  cluster = await startCluster({
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
})

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
