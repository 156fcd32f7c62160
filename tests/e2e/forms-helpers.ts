import type { Page } from 'playwright-core'

import { query } from './helpers/browser'

/**
 * Console and page errors of a page, except the browser's own favicon request (the site ships no
 * favicon yet, and Chromium asks for one on every page).
 */
export const watchErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Holds matching requests briefly, so a form's pending state can be seen. */
export const delayRequests = (page: Page, pattern: string, ms = 600) =>
  page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })

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
