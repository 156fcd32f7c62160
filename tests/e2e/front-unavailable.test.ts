import { afterAll, beforeAll, expect, test } from 'vitest'

import { freePort } from '../../scripts/lib/embedded-db'
import { type Front, startFront } from '../../scripts/lib/front'
import { launchBrowser, screenshot } from './helpers/browser'

// The shipped front with no instance behind it (both stopped: nothing listens on their ports) and
// nothing in its cache: what a visitor and an API client are told.
let front: Front
beforeAll(async () => {
  const [port, first, second] = await Promise.all([freePort(), freePort(), freePort()])
  front = await startFront({
    port,
    upstreams: [`127.0.0.1:${first}`, `127.0.0.1:${second}`],
  })
})
afterAll(async () => {
  await front?.stop()
})

test('a page no instance can answer is the site’s "back in a moment" page, 503 with Retry-After', async () => {
  for (const path of ['/terms', '/insights/not-stored-yet', '/admin']) {
    const answer = await front.request(path, { headers: { accept: 'text/html' } })
    expect(answer.status, path).toBe(503)
    expect(answer.headers['content-type'], path).toMatch(/^text\/html/)
    expect(answer.headers['retry-after'], path).toBe('5')
    expect(answer.headers['cache-control'], path).toBe('no-store')
    expect(answer.body, path).toContain('<h1>Back in a moment</h1>')
    // Nothing of the front itself: no server name or version.
    expect(answer.body, path).not.toMatch(/nginx/i)
  }
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    const page = await context.newPage()
    const response = await page.goto(`${front.url}/faq`)
    expect(response?.status()).toBe(503)
    await page.getByRole('heading', { name: 'Back in a moment' }).waitFor()
    await expect(page.getByRole('link', { name: 'Try again now' }).isVisible()).resolves.toBe(true)
    await screenshot(page, 'front-unavailable')
    await context.close()
  } finally {
    await browser.close()
  }
})

test('the API keeps its JSON answer', async () => {
  const answer = await front.request('/api/waitlist', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/html' },
    body: JSON.stringify({ email: 'a@example.com' }),
  })
  expect(answer.status).toBe(503)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  expect(answer.headers['retry-after']).toBe('5')
  expect(JSON.parse(answer.body)).toEqual({
    message:
      'The site is busy or restarting; nothing was saved. Please try again in a few seconds.',
  })
})
