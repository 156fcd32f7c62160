import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { PUBLIC_ROUTES } from '@/lib/routes'
import { COMPILE_HINT } from '@/lib/compile-hints.mjs'

import { launchBrowser, openPage } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The first line of every script the page loads from the build, by file name. */
const scriptsOf = async (page: Page, path: string) => {
  const scripts = new Map<string, Promise<string | undefined>>()
  const onResponse = (response: Response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'))
      scripts.set(
        url.pathname.split('/').pop()!,
        // A script fetched when the page is idle (the Web Vitals module) may arrive as the page
        // is left: Chromium then no longer holds its body, and it is checked on another page.
        response.text().then(
          (text) => text.slice(0, text.indexOf('\n') + 1),
          () => undefined,
        ),
      )
  }
  page.on('response', onResponse)
  await page.goto(path, { waitUntil: 'load' })
  page.off('response', onResponse)
  const read = await Promise.all(
    [...scripts].map(async ([name, line]) => [name, await line] as const),
  )
  return new Map(read.filter((entry): entry is [string, string] => entry[1] !== undefined))
}

test('every script of every public page starts with the compile hint (decision 130)', async () => {
  const { page, context } = await openPage(browser)
  for (const path of [...PUBLIC_ROUTES, '/insights/the-quiet-minute']) {
    const scripts = await scriptsOf(page, path)
    expect(scripts.size, path).toBeGreaterThan(3)
    for (const [name, firstLine] of scripts)
      expect.soft(firstLine, `${path} ${name}`).toBe(COMPILE_HINT)
  }
  await context.close()
})

test("the admin's own scripts do not carry it; the framework's, shared with the site, do", async () => {
  const { page, context } = await openPage(browser)
  const scripts = await scriptsOf(page, '/admin/login')
  const hinted = [...scripts.values()].filter((line) => line === COMPILE_HINT)
  expect(hinted.length).toBeGreaterThan(0)
  expect(scripts.size - hinted.length).toBeGreaterThan(0)
  await page.getByLabel('Username').waitFor()
  await context.close()
})
