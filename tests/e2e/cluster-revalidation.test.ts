import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { type Site, startSite, stopSite } from '../../scripts/lib/site-server'
import { paragraph } from '../helpers/rich-text'
import { databaseRelay } from './helpers/database-relay'
import { E2E_DIST_DIR, freePort, root, serverEnv } from './helpers/server'
import { seededDatabase } from './helpers/site'
import { E2E_USERS } from './helpers/users'

/**
 * Two production servers of one build, each with its own copy of the build directory (as on two
 * machines), on one database: what an editor changes through one is on the other's cached pages
 * (decision 0150). The second reaches PostgreSQL through a relay, so the database can go away for
 * it alone.
 */
type Instance = { name: string; port: number; distDir: string; databaseUrl: string; site?: Site }

let database: Awaited<ReturnType<typeof seededDatabase>>
let relay: Awaited<ReturnType<typeof databaseRelay>>
let a: Instance
let b: Instance

const start = async (instance: Instance) => {
  instance.site = await startSite({
    run: 'next-start',
    databaseUrl: instance.databaseUrl,
    port: instance.port,
    setServerUrl: true,
    logFile: path.join(root, 'test-results', `cluster-revalidation-${instance.name}.log`),
    env: serverEnv(instance.databaseUrl, { NEXT_DIST_DIR: instance.distDir }),
    timeoutMs: 90_000,
  })
}

const stop = async (instance: Instance) => {
  if (instance.site) await stopSite(instance.site)
  instance.site = undefined
}

const instance = async (name: string, databaseUrl: string): Promise<Instance> => {
  const distDir = `.next-cluster-${name}-${process.pid}`
  const source = path.join(root, E2E_DIST_DIR)
  fs.cpSync(source, path.join(root, distDir), {
    recursive: true,
    filter: (file) => path.relative(source, file) !== 'cache',
  })
  return { name, port: await freePort(), distDir, databaseUrl }
}

beforeAll(async () => {
  database = await seededDatabase(`cluster_${process.pid}`)
  relay = await databaseRelay(database.url)
  a = await instance('a', database.url)
  b = await instance('b', relay.url)
  await Promise.all([start(a), start(b)])
}, 240_000)

afterAll(async () => {
  for (const each of [a, b]) {
    if (!each) continue
    await stop(each)
    fs.rmSync(path.join(root, each.distDir), { recursive: true, force: true })
  }
  await relay?.close()
  await database?.close()
})

const url = (instance: Instance, route: string) => `http://localhost:${instance.port}${route}`

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Fetches the page until its HTML does (or no longer does) contain the text; polled for up to 30 s.
 * How soon it changes is measured by `npm run bench:cluster`, not here: without the shared
 * revalidation it never changes.
 */
const pageOnceChanged = async (instance: Instance, route: string, text: string, present = true) => {
  const started = Date.now()
  for (;;) {
    const response = await fetch(url(instance, route))
    const html = await response.text()
    if (html.includes(text) === present || Date.now() - started > 30_000) {
      return { status: response.status, html, cache: response.headers.get('x-nextjs-cache') }
    }
    await pause(100)
  }
}

/** Fetches a page until it is served from the instance's page cache. */
const cached = async (instance: Instance, route: string) => {
  for (let tries = 0; tries < 50; tries++) {
    const response = await fetch(url(instance, route))
    const html = await response.text()
    if (response.headers.get('x-nextjs-cache') === 'HIT') return html
    await pause(100)
  }
  throw new Error(`${route} on ${instance.name} never came from the page cache`)
}

const editor = async (instance: Instance) => {
  const response = await fetch(url(instance, '/api/users/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: E2E_USERS.editor.username,
      password: E2E_USERS.editor.password,
    }),
  })
  expect(response.status).toBe(200)
  const { token } = (await response.json()) as { token: string }
  return async <T = { doc: { id: number } }>(method: string, route: string, body?: unknown) => {
    const answer = await fetch(url(instance, `/api${route}`), {
      method,
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(answer.status, `${method} ${route} on ${instance.name}`).toBeLessThan(300)
    return (await answer.json()) as T
  }
}

const faqItem = (question: string) => ({
  group: 'Getting Started',
  question,
  answer: 'An answer of the cluster test.',
  _status: 'published',
})

describe('several instances of the site, one database', () => {
  test('an FAQ question published through one instance is on the other’s cached /faq', async () => {
    await Promise.all([cached(a, '/faq'), cached(b, '/faq')])
    const question = `Is every instance told ${Date.now()}?`
    const request = await editor(a)
    const { doc } = await request('POST', '/faq-items', faqItem(question))

    const onB = await pageOnceChanged(b, '/faq', question)
    expect(onB.html).toContain(question)
    // B stored its new render: the next view is a cache hit with the question.
    expect(await cached(b, '/faq')).toContain(question)

    // Deleted through B: gone from A's cached page.
    await request('DELETE', `/faq-items/${doc.id}`)
    expect((await pageOnceChanged(a, '/faq', question, false)).html).not.toContain(question)
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
      expect((await pageOnceChanged(each, '/insights', title)).html).toContain(title)
      expect((await pageOnceChanged(each, `/insights/${slug}`, title)).status).toBe(200)
    }

    await request('PATCH', `/articles/${doc.id}`, { _status: 'draft' })
    for (const each of [a, b]) {
      expect((await pageOnceChanged(each, '/insights', title, false)).html).not.toContain(title)
      const page = await pageOnceChanged(each, `/insights/${slug}`, title, false)
      expect(page.status).toBe(404)
    }
  })

  test('a site settings change reaches every page of every instance', async () => {
    await Promise.all([cached(a, '/'), cached(b, '/about')])
    const request = await editor(a)
    const tagline = `Where every instance is told ${Date.now()}`
    await request('POST', '/globals/site-settings', { tagline, _status: 'published' })
    expect((await pageOnceChanged(b, '/about', tagline)).html).toContain(tagline)
    expect((await pageOnceChanged(a, '/', tagline)).html).toContain(tagline)
  })

  test('an instance stopped during a change shows it as soon as it starts again', async () => {
    const before = await cached(b, '/faq')
    await stop(b)
    const question = `Was it changed while B was down ${Date.now()}?`
    expect(before).not.toContain(question)
    const request = await editor(a)
    await request('POST', '/faq-items', faqItem(question))
    expect((await pageOnceChanged(a, '/faq', question)).html).toContain(question)

    // B's build directory still holds its /faq from before: the first view after its start
    // already has the question (it catches up before serving a cached page).
    await start(b)
    const first = await fetch(url(b, '/faq'))
    expect(await first.text()).toContain(question)
  })

  test('with the database gone, an instance serves its cached pages and catches up on return', async () => {
    const before = await cached(b, '/faq')
    await relay.cut()
    // The database is gone for B: a page rendered per request cannot be served, cached ones are.
    const dynamic = await fetch(url(b, '/email/preferences?token=nothing'))
    expect(dynamic.status).toBeGreaterThanOrEqual(500)
    const during = await fetch(url(b, '/faq'))
    expect(during.status).toBe(200)
    expect(await during.text()).toBe(before)

    // A change made meanwhile through A reaches B once the database is back for it.
    const question = `Was it changed while B was cut off ${Date.now()}?`
    const request = await editor(a)
    await request('POST', '/faq-items', faqItem(question))
    expect((await fetch(url(b, '/faq'))).status).toBe(200)
    relay.resume()
    expect((await pageOnceChanged(b, '/faq', question)).html).toContain(question)
  })
})
