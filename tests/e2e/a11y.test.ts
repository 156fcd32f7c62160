import { AxeBuilder } from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { inject } from 'vitest'

import { INTERNAL_ROUTES, PUBLIC_ROUTES } from '@/lib/routes'

import { MOBILE, launchBrowser, openPage } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Every route of the route table the build serves, plus the 404 page. */
const ROUTES = [...PUBLIC_ROUTES, ...INTERNAL_ROUTES, '/no-such-page']

const BLOCKING = new Set(['serious', 'critical'])

for (const [size, viewport] of [
  ['desktop', undefined],
  ['mobile', MOBILE],
] as const) {
  test(`no serious or critical axe violation on any served route (${size})`, async () => {
    const { page, context } = await openPage(browser, { viewport })
    const problems: string[] = []
    const checked: string[] = []
    for (const path of ROUTES) {
      const response = await page.goto(`${inject('baseURL')}${path}`)
      const expected = path === '/no-such-page' ? 404 : 200
      if (response?.status() !== expected) continue
      // Client components settle (hydration, fonts of the first paint) before axe reads the page.
      await page.waitForLoadState('load')
      await page.waitForTimeout(500)
      checked.push(path)
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      for (const violation of violations.filter((v) => BLOCKING.has(v.impact ?? ''))) {
        const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5)
        problems.push(`${path}: ${violation.id} (${violation.impact}) ${targets.join(' | ')}`)
      }
    }
    expect(checked).toContain('/')
    expect(checked).toContain('/no-such-page')
    expect(problems).toEqual([])
    await context.close()
  })
}
