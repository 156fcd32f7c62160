/**
 * The server stopping while visitors still send events (decision 0101): the last writes store
 * every event answered 201, and an event that arrives once they have begun gets 503 with
 * Retry-After, not a 201 that the exit would lose. A file of its own: the shutdown is final for
 * the process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { runShutdownTasks } from '@/lib/shutdown'
import { bufferedAnalyticsRows } from '@/services/analytics/buffer'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

const track = (label: string) =>
  app.request('POST', '/analytics/track', {
    body: { action: 'click', category: 'navigation', label, page: '/' },
  })

it('stores every event acknowledged before the stop, and acknowledges none after it', async () => {
  const label = `shutdown-${Date.now()}`
  const before = await track(`${label}-before`)
  expect(before.status).toBe(201)
  expect(bufferedAnalyticsRows()).toBeGreaterThan(0)

  const stopping = runShutdownTasks()
  const after = await track(`${label}-after`)
  expect(after.status).toBe(503)
  expect(after.headers.get('retry-after')).toBe('5')
  expect(after.body.message).toBe(
    'The service is temporarily unavailable. Please try again in a moment.',
  )
  await stopping

  expect(bufferedAnalyticsRows()).toBe(0)
  const { docs } = await app.payload.find({
    collection: 'analytics-events',
    where: { label: { like: label } },
  })
  expect(docs.map((doc) => doc.label)).toEqual([`${label}-before`])
})
