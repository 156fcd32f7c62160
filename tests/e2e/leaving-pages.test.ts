import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { PUBLIC_ROUTES } from '@/lib/routes'

import { DESKTOP, MOBILE, launchBrowser, openPage } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Resolves once React has hydrated the page: its header's logo link carries React's fiber. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const logo = document.querySelector('header a[href="/"]')
    return logo !== null && Object.keys(logo).some((key) => key.startsWith('__reactFiber'))
  })

/** What a visitor sees after the click: the page's own heading, or the framework's error text. */
const nextPage = async (page: Page, pathname: string) => {
  await page.waitForURL((url) => url.pathname === pathname)
  const failure = page.getByText(/This page couldn.t load/)
  await page.locator('main h1, main h2').or(failure).first().waitFor()
  return {
    pathname: new URL(page.url()).pathname,
    failed: await failure.count(),
  }
}

// Leaving a page runs its effects' clean-ups: an effect that returned a value by accident (the
// contact page's scroll returned a Promise) killed the next page. Every public route is left by a
// site link, after hydration, so the navigation is the client's own.
for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)
  test(`every public route is left by a site link to a working page (${size})`, async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport })
    const routes = [...PUBLIC_ROUTES, '/insights/the-quiet-minute']
    for (const route of routes) {
      await page.goto(route)
      await hydrated(page)
      // The logo leads home; from home, the footer's Privacy link leads away.
      const [link, target] =
        route === '/'
          ? [page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }), '/privacy']
          : [page.getByRole('link', { name: 'Starfinity home' }), '/']
      await link.click()
      expect(await nextPage(page, target), `leaving ${route}`).toEqual({
        pathname: target,
        failed: 0,
      })
      expect(consoleErrors, `leaving ${route}`).toEqual([])
    }
    await context.close()
  }, 240_000)

test('the contact page is left by the header and the footer (its confirmation: forms-contact)', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP })
  const leave = async (click: () => Promise<void>, target: string) => {
    await page.goto('/contact')
    await hydrated(page)
    await click()
    expect(await nextPage(page, target)).toEqual({ pathname: target, failed: 0 })
  }
  await leave(
    () => page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).click(),
    '/waitlist',
  )
  await leave(
    () => page.getByRole('contentinfo').getByRole('link', { name: 'Records' }).click(),
    '/records',
  )
  expect(consoleErrors).toEqual([])
  await context.close()
})
