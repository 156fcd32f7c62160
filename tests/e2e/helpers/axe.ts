import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** Serious and critical accessibility violations of the page as it is now (rule id: targets). */
export const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page: page as never }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)
}
