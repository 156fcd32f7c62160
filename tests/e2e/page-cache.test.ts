import fs from 'node:fs'
import path from 'node:path'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { PUBLIC_ROUTES } from '@/lib/routes'

import { pollPage } from '../../scripts/lib/poll'
import { launchBrowser, openPage } from './helpers/browser'
import { databaseRelay } from './helpers/database-relay'
import { restAs } from './helpers/rest'
import { E2E_DIST_DIR, type RunningServer, root, startServer } from './helpers/server'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

// /faq has no timed revalidation, so only the refresh a publish asks for can bring the change: how
// soon it comes on a busy machine is not the point (pollPage reads for up to 30 s).
test('an editor’s published FAQ answer is on the cached /faq once published', async () => {
  const base = inject('baseURL')
  const { api } = await restAs(base)
  // An item of this test's own, so the other FAQ tests see the seeded answers.
  const question = `Is the page cache fresh ${Date.now()}?`
  const { doc } = await api('POST', '/faq-items', {
    group: 'Getting Started',
    question,
    answer: 'First answer.',
    _status: 'published',
  })
  try {
    expect((await pollPage(`${base}/faq`, question)).body).toContain(question)
    // Served from the page cache: a stored render, not one per view.
    const cached = await fetch(`${base}/faq`)
    expect(cached.headers.get('x-nextjs-cache')).toBe('HIT')

    const answer = `Updated by an editor at ${Date.now()}: stars are free for everyone.`
    await api('PATCH', `/faq-items/${doc.id}`, {
      answer,
      _status: 'published',
    })
    expect((await pollPage(`${base}/faq`, answer)).body).toContain(answer)
    const again = await fetch(`${base}/faq`)
    expect(again.headers.get('x-nextjs-cache')).toBe('HIT')
    expect(await again.text()).toContain(answer)
  } finally {
    await api('DELETE', `/faq-items/${doc.id}`)
  }
  expect((await pollPage(`${base}/faq`, question, { present: false })).body).not.toContain(question)
})

// A second production server starts first: on a busy 2-core machine that alone can take most of a
// minute (hence three minutes before the test counts as hung).
test('cached pages keep being served while PostgreSQL is unreachable', async () => {
  const relay = await databaseRelay(inject('databaseUrl'))
  let server: RunningServer | undefined
  try {
    server = await startServer(relay.url)
    const routes = [...PUBLIC_ROUTES]
    const before = new Map<string, string>()
    for (const route of routes) {
      const response = await fetch(`${server.url}${route}`)
      expect.soft(response.status, route).toBe(200)
      before.set(route, await response.text())
    }

    relay.cut()
    // The database is gone for this server: a page rendered per request cannot be served.
    const dynamic = await fetch(`${server.url}/email/preferences?token=nothing`)
    expect(dynamic.status).toBeGreaterThanOrEqual(500)

    for (const route of routes) {
      const response = await fetch(`${server.url}${route}`)
      expect.soft(response.status, route).toBe(200)
      expect.soft(await response.text(), route).toBe(before.get(route))
    }
    // In a browser too: the FAQ renders and its accordion works (hydrated from the cache).
    const { page, context } = await openPage(browser, { baseURL: server.url })
    await page.goto('/faq')
    const question = page.getByRole('button', { name: 'What is Starfinity?' })
    await question.click()
    expect(await question.getAttribute('aria-expanded')).toBe('true')
    await context.close()
  } finally {
    await server?.stop()
    await relay.close()
  }
}, 180_000)

/** Every file under a directory, as paths relative to it. */
const filesUnder = (directory: string): string[] =>
  fs.readdirSync(directory, { recursive: true, encoding: 'utf8' })

test('pages asked for at unknown addresses are not stored in the page cache', async () => {
  const base = inject('baseURL')
  const stamp = `unknown${Date.now()}`
  const addresses = [
    ...Array.from({ length: 10 }, (_, i) => `/insights/${stamp}-${i}`),
    `/insights/page/9${Date.now() % 100_000}`,
  ]
  for (const address of addresses) {
    const response = await fetch(`${base}${address}`)
    expect(response.status, address).toBe(404)
    await response.arrayBuffer()
  }
  // A second round: still rendered (nothing to serve from the cache), still 404.
  const again = await fetch(`${base}${addresses[0]}`)
  expect(again.status).toBe(404)
  expect(again.headers.get('x-nextjs-cache')).not.toBe('HIT')
  const stored = filesUnder(path.join(root, E2E_DIST_DIR, 'server')).filter(
    (file) => file.includes(stamp) || file.includes(addresses.at(-1)!.split('/').at(-1)!),
  )
  expect(stored).toEqual([])
})
