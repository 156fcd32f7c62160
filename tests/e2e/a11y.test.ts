import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest'

import { INTERNAL_ROUTES, PUBLIC_ROUTES } from '@/lib/routes'

import { signInByApi } from './helpers/admin'
import { DESKTOP, MOBILE, gotoStarted, launchBrowser, openPage } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Left by a site link too, as every public route is (below). */
const ARTICLE = '/insights/the-quiet-minute'

const BLOCKING = new Set(['serious', 'critical'])

/** The dashboard's tabs, as the address names them. */
const ADMIN_TABS = [
  'overview',
  'speed',
  'waitlist',
  'contacts',
  'parent-insights',
  'composer',
  'analytics',
  'newsletter',
  'emails',
  'people',
]

/** The page's violations of these impacts (rule id, impact and the first targets). */
const violationsOf = async (page: Page, impacts: Set<string>) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return violations
    .filter((violation) => impacts.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5)
      return `${violation.id} (${violation.impact}): ${targets.join(' | ')}`
    })
}

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

/**
 * Leaves the page by a site link, after hydration, so the navigation is the client's own: the
 * logo leads home; from home, the footer's Privacy link leads away. Leaving a page runs its
 * effects' clean-ups: an effect that returned a value by accident (the contact page's scroll
 * returned a Promise) killed the next page.
 */
const leave = async (page: Page, route: string) => {
  await hydrated(page)
  const [link, target] =
    route === '/'
      ? [page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }), '/privacy']
      : [page.getByRole('link', { name: 'Starfinity home' }), '/']
  await link.click()
  expect(await nextPage(page, target), `leaving ${route}`).toEqual({
    pathname: target,
    failed: 0,
  })
}

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  describe(`axe-core and leaving by a site link, ${size}`, () => {
    // One tab goes from route to route, as a visitor does: each page is loaded in full, and the
    // browser compiles the site's scripts once per size instead of once per page. The same load
    // serves both checks: axe reads the page, then a site link leads away from it.
    let tab: Page
    let consoleErrors: string[] = []
    // The tab's console errors up to here are another test's (reported by it, if it failed).
    let checkedUpTo = 0
    beforeAll(async () => {
      ;({ page: tab, consoleErrors } = await openPage(browser, { viewport }))
    })
    afterAll(() => tab?.context().close())

    /** Opens the route; axe reads it (`axe`); a site link leaves it (`left`). */
    const visit = async (path: string, { axe, left }: { axe: boolean; left: boolean }) => {
      onTestFailed(() => {
        checkedUpTo = consoleErrors.length
      })
      // Client components settle (hydration, first effects) before axe reads the page: the page
      // view is sent from hydrated code.
      const response = await gotoStarted(tab, path)
      expect(response?.status()).toBe(path === '/no-such-page' ? 404 : 200)
      if (axe) {
        const problems = await violationsOf(tab, new Set([...BLOCKING, 'moderate']))
        expect(problems).toEqual([])
      }
      if (!left) {
        // The 404 page's own status is a console error; no page after it is left.
        checkedUpTo = consoleErrors.length
        return
      }
      await leave(tab, path)
      expect(consoleErrors.slice(checkedUpTo), `leaving ${path}`).toEqual([])
      checkedUpTo = consoleErrors.length
    }

    test.each(PUBLIC_ROUTES)(
      '%s has no serious, critical or moderate violation; a site link leaves it for a working page',
      (path) => visit(path, { axe: true, left: true }),
    )
    test(`${ARTICLE}: a site link leaves it for a working page`, () =>
      visit(ARTICLE, { axe: false, left: true }))
    test.each([...INTERNAL_ROUTES, '/no-such-page'])(
      '%s has no serious, critical or moderate violation',
      (path) => visit(path, { axe: true, left: false }),
    )
  })
}

test('the contact page is left by the header and the footer (its confirmation: forms-contact)', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP })
  const leaveBy = async (click: () => Promise<void>, target: string) => {
    await page.goto('/contact')
    await hydrated(page)
    await click()
    expect(await nextPage(page, target)).toEqual({ pathname: target, failed: 0 })
  }
  await leaveBy(
    () => page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).click(),
    '/waitlist',
  )
  await leaveBy(
    () => page.getByRole('contentinfo').getByRole('link', { name: 'Records' }).click(),
    '/records',
  )
  expect(consoleErrors).toEqual([])
  await context.close()
})

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe-core, ${size}: every dashboard tab has no serious, critical or moderate violation`, async () => {
    const { page, context } = await openPage(browser, { viewport })
    await signInByApi(page, 'full')
    const problems: string[] = []
    for (const tab of ADMIN_TABS) {
      await page.goto(`/admin?tab=${tab}`)
      const panel = page.getByRole('tabpanel')
      await panel.waitFor()
      // The tab's lists and figures have come (nothing is loading any more).
      await expect
        .poll(() => panel.locator('[aria-busy="true"]').count(), { timeout: 15_000 })
        .toBe(0)
      const found = await violationsOf(page, new Set([...BLOCKING, 'moderate']))
      problems.push(...found.map((problem) => `${tab}: ${problem}`))
    }
    expect(problems).toEqual([])
    await context.close()
  }, 240_000)
}
