import fs from 'node:fs'
import path from 'node:path'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { launchBrowser, openPage, screenshot } from './helpers/browser'
import { root } from './helpers/server'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('an unknown path shows the 404 page with status 404', async () => {
  const { page, context } = await openPage(browser)
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  // The page may stream in after the load event on a server that has just started: wait for it
  // as a visitor would, then check the rest of it.
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor({ state: 'visible' })
  await expect(
    page.getByText('Did you forget to add the page to the router?').isVisible(),
  ).resolves.toBe(true)
  await context.close()
})

test('a page that fails to render shows the site’s error page, and the log has its digest', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  const response = await page.goto('/render-error-check')
  expect(response?.status()).toBe(500)
  await page.getByRole('heading', { name: 'Something went wrong' }).waitFor()
  // The site's own shell stays around it, with a retry and the way home; no details of the error.
  await expect(page.getByRole('link', { name: 'Starfinity home' }).isVisible()).resolves.toBe(true)
  await expect(page.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true)
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Back to Home' }).getAttribute('href'),
  ).resolves.toBe('/')
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(/fails on purpose|digest|at \w+ \(/i)
  await screenshot(page, 'render-error')
  // The server logged the failure once per render, with the digest and the route's pattern.
  const log = path.join(root, 'test-results', `server-${new URL(inject('baseURL')).port}.log`)
  await expect
    .poll(() =>
      fs
        .readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"request failed"') && line.includes('/render-error-check'))
        .map((line) => JSON.parse(line) as { digest?: string; error?: { message?: string } })
        .some((entry) => /^\d+$/.test(entry.digest ?? '')),
    )
    .toBe(true)
  // The browser reports the failed render (the page's 500, React's error 441: a server component
  // failed, its message left out of production builds); nothing else went wrong.
  expect(
    consoleErrors.filter((error) => !/status of 500|Minified React error #441/.test(error)),
  ).toEqual([])
  await context.close()
})

test('an insights page number beyond any list is the 404 page, not a server error', async () => {
  const { page, context } = await openPage(browser)
  for (const path of ['/insights/page/99999999999999999999', '/insights/page/1000001']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor({ state: 'visible' })
  }
  await context.close()
})
