import type { Page } from 'playwright-core'

import { query } from './helpers/browser'

/** Console and page errors of a page. */
export const watchErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/**
 * Holds matching requests until the returned `release` is called (then lets them, and every later
 * one, through), so a form's pending state can be seen however slow the machine.
 */
export const holdRequests = async (page: Page, pattern: string) => {
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** The tab's session id, once the tracker has made it (after hydration, which a busy machine delays). */
export const sessionOf = async (page: Page) => {
  await page.waitForFunction(() => sessionStorage.getItem('starfinity-session-id'), undefined, {
    timeout: 30_000,
  })
  return page.evaluate(() => sessionStorage.getItem('starfinity-session-id'))
}

/** Analytics events are buffered briefly on the server: polls until `expected` rows arrive. */
export const analyticsOf = async (sessionId: string | null, expected: number) => {
  let rows: { label: string; category: string }[] = []
  for (let attempt = 0; attempt < 60 && rows.length < expected; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 250))
    rows = await query<{ label: string; category: string }>(
      'select label, category from analytics_events where session_id = $1 order by id',
      [sessionId],
    )
  }
  return rows
}
