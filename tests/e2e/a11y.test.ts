import { AxeBuilder } from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { INTERNAL_ROUTES, PUBLIC_ROUTES } from '@/lib/routes'

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

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  describe(`axe-core, ${size}`, () => {
    test.each(ROUTES)('%s has no serious or critical violation', async (path) => {
      const { page, context } = await openPage(browser, { viewport })
      // Client components settle (hydration, first effects) before axe reads the page: the page
      // view is sent from the effects of hydrated client code.
      const response = await gotoStarted(page, path)
      expect(response?.status()).toBe(path === '/no-such-page' ? 404 : 200)
      await page.waitForLoadState('load')
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      const problems = violations
        .filter((violation) => BLOCKING.has(violation.impact ?? ''))
        .map((violation) => {
          const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5)
          return `${violation.id} (${violation.impact}): ${targets.join(' | ')}`
        })
      expect(problems).toEqual([])
      await context.close()
    })
  })
}
