import fs from 'node:fs'
import path from 'node:path'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { PUBLIC_ROUTES } from '@/lib/routes'

import { MOBILE, launchBrowser, openPage } from './helpers/browser'
import { root } from './helpers/server'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The sizes of the scale in src/components/site/site.css, in px (1rem = 16px). */
const SCALE = [
  ...fs
    .readFileSync(path.join(root, 'src/components/site/site.css'), 'utf8')
    .matchAll(/--text-\w+: ([\d.]+)rem;/g),
].map(([, rem]) => Math.round(Number(rem) * 1600) / 100)
/** The two families of site.css, and the platform's own for code (`<pre>`, `<code>`). */
const FAMILIES = ['system-ui, sans-serif', 'Georgia, serif', 'monospace']

/** Family, size, weight and style of every piece of text the page shows. */
const facesOf = (page: Page) =>
  page.evaluate(() => {
    const faces = new Map<string, string>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const text = walker.currentNode
      const element = text.parentElement
      if (!element || !text.textContent?.trim() || !element.checkVisibility()) continue
      const style = getComputedStyle(element)
      const face = [style.fontFamily, style.fontSize, style.fontWeight, style.fontStyle].join(' | ')
      if (!faces.has(face)) faces.set(face, text.textContent.trim().slice(0, 40))
    }
    return [...faces]
  })

test("every public page's text is drawn in the site's families, weights and sizes (decision 131)", async () => {
  expect(SCALE.length).toBeGreaterThan(5)
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  for (const route of [...PUBLIC_ROUTES, '/insights/the-quiet-minute']) {
    await page.goto(route, { waitUntil: 'load' })
    const faces = await facesOf(page)
    expect(faces.length, route).toBeGreaterThan(3)
    for (const [face, sample] of faces) {
      const [family, size, weight] = face.split(' | ')
      const where = `${route}: "${sample}" in ${face}`
      expect.soft(FAMILIES, where).toContain(family)
      expect.soft(SCALE, where).toContain(Number.parseFloat(size!))
      expect.soft(['400', '700'], where).toContain(weight)
    }
  }
  await context.close()
})
