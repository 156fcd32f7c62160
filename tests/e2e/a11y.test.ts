import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { INTERNAL_ROUTES, PUBLIC_ROUTES } from '@/lib/routes'

import { signIn } from './helpers/admin'
import { DESKTOP, MOBILE, gotoStarted, launchBrowser, openPage } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Every visitor route of the route table, and the 404 page. */
const ROUTES = [...PUBLIC_ROUTES, ...INTERNAL_ROUTES, '/no-such-page']

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

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  describe(`axe-core, ${size}`, () => {
    // One tab goes from route to route, as a visitor does: each page is loaded in full, and the
    // browser compiles the site's scripts once per size instead of once per page.
    let tab: Page
    beforeAll(async () => {
      tab = (await openPage(browser, { viewport })).page
    })
    afterAll(() => tab?.context().close())

    test.each(ROUTES)('%s has no serious, critical or moderate violation', async (path) => {
      // Client components settle (hydration, first effects) before axe reads the page: the page
      // view is sent from hydrated code.
      const response = await gotoStarted(tab, path)
      expect(response?.status()).toBe(path === '/no-such-page' ? 404 : 200)
      const problems = await violationsOf(tab, new Set([...BLOCKING, 'moderate']))
      expect(problems).toEqual([])
    })
  })
}

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`axe-core, ${size}: every dashboard tab has no serious, critical or moderate violation`, async () => {
    const { page, context } = await openPage(browser, { viewport })
    await signIn(page, 'full')
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
