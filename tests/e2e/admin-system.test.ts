import { randomBytes } from 'node:crypto'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { openTab, signIn, signInByApi } from './helpers/admin'
import { launchBrowser, openPage, screenshot } from './helpers/browser'

/**
 * The System view (decision 0226) on the production server: a full admin sees the running
 * instance and a failed request with its request id; a demo admin sees the same view; an editor
 * has no such tab and the endpoint refuses them.
 */
let browser: Browser
const requestId = randomBytes(16).toString('hex')

beforeAll(async () => {
  browser = await launchBrowser()
  // A page that fails on purpose, asked for with a request id as the front would give it.
  const failed = await fetch(`${inject('baseURL')}/render-error-check`, {
    headers: { 'x-request-id': requestId },
  })
  expect(failed.status).toBe(500)
})
afterAll(async () => {
  await browser?.close()
})

test('a full admin sees the instances, the queue, sending and the failed request by its id', async () => {
  const { page, context } = await openPage(browser)
  await signIn(page, 'full')
  await openTab(page, 'System')
  const panel = page.getByRole('tabpanel', { name: 'System' })
  await panel.getByRole('heading', { name: 'Instances' }).waitFor()
  await expect(panel.getByText('Running').count()).resolves.toBeGreaterThan(0)
  await expect(panel.getByText('No backup yet').isVisible()).resolves.toBe(true)
  // The failed answer is stored a second after it: Refresh until it is listed.
  const failedRow = panel.getByRole('row').filter({ hasText: requestId })
  await expect
    .poll(
      async () => {
        await panel.getByRole('button', { name: 'Refresh' }).click()
        await panel.getByRole('button', { name: 'Refresh' }).isEnabled()
        return failedRow.count()
      },
      { timeout: 15_000 },
    )
    .toBe(1)
  const cells = (await failedRow.textContent()) ?? ''
  expect(cells).toContain('/render-error-check')
  expect(cells).toContain('500')
  await screenshot(page, 'admin-tab-system')
  await context.close()
})

test('a demo admin sees the System view with nothing personal', async () => {
  const { page, context } = await openPage(browser)
  // The demo's sign-in form is admin-demo's subject.
  await signInByApi(page, 'demo')
  await page.goto('/admin')
  await openTab(page, 'System')
  const panel = page.getByRole('tabpanel', { name: 'System' })
  await panel.getByRole('heading', { name: 'Jobs queue' }).waitFor()
  await expect(panel.getByText('Running').count()).resolves.toBeGreaterThan(0)
  expect(await panel.innerText()).not.toMatch(/@/)
  await screenshot(page, 'admin-demo-system')
  await context.close()
})

test('an editor has no System tab, and the System endpoint refuses them', async () => {
  const { page, context } = await openPage(browser)
  await signIn(page, 'editor')
  await page.getByRole('link', { name: 'Characters' }).first().waitFor()
  await expect(page.getByRole('tab', { name: 'System' }).count()).resolves.toBe(0)
  const status = await page.evaluate(async () => (await fetch('/api/admin/system')).status)
  expect(status).toBe(403)
  await context.close()
})
