import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { exerciseNewsletterForm } from './content-newsletter'
import { MOBILE, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { E2E_USERS } from './helpers/users'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const GUIDES = [
  ['Dune', 'Golden Sands Preserve'],
  ['Phoebe the Flamingo', 'Florida Wetlands'],
  ['Chirpy the Coqui Frog', 'Puerto Rican Rainforest'],
  ['Fern the Flying Squirrel', 'Whisper Woods at Night'],
  ['Crystal the Ermine', 'Northern Boreal Forest'],
]

test('/characters shows the five guides with their wisdom, and the two buttons', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await page.goto('/characters')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Meet the Animal Guides')
  const cards = page.locator('article')
  expect(await cards.count()).toBe(5)
  for (const [index, [name, place]] of GUIDES.entries()) {
    const card = cards.nth(index)
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toContain(name)
    expect(await card.textContent()).toContain(place)
    expect(await card.getByText('Wisdom', { exact: true }).isVisible()).toBe(true)
    const image = card.locator('img')
    expect(await image.getAttribute('width')).toBe('400')
  }
  expect(
    await page.getByRole('link', { name: "Start with Dune's Adventure" }).getAttribute('href'),
  ).toBe('/books/dune-big-ears')
  expect(
    await page.getByRole('link', { name: 'Join the Adventure Waitlist' }).getAttribute('href'),
  ).toBe('/waitlist')
  // Lazy artwork: bring every card into view before the full-page screenshot.
  for (let i = 0; i < 5; i++) await cards.nth(i).scrollIntoViewIfNeeded()
  await screenshot(page, 'characters-desktop')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('/characters at mobile width: no horizontal scroll', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { viewport: MOBILE })
  await page.goto('/characters')
  const cards = page.locator('article')
  for (let i = 0; i < 5; i++) await cards.nth(i).scrollIntoViewIfNeeded()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await screenshot(page, 'characters-mobile')
  await page.setViewportSize({ width: 360, height: 780 })
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('the character-stories capture validates, waits, subscribes and reports a duplicate', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/characters')
  const form = page.locator('#character-stories-signup')
  const email = await exerciseNewsletterForm(page, form, {
    pendingText: 'Joining...',
    successTitle: 'Welcome to the adventure!',
    duplicateTitle: 'Subscription failed',
    duplicateText: "You're already subscribed to our newsletter!",
    interests: ['characters-stories'],
  })
  const rows = await query('select email from newsletter_subscribers where email = $1', [email])
  expect(rows).toHaveLength(1)
  await context.close()
})

test("an editor's change to a character shows on /characters without a deploy", async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/characters')
  const api = context.request
  const login = await api.post('/api/users/login', {
    data: { username: E2E_USERS.editor.username, password: E2E_USERS.editor.password },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const found = await api.get('/api/characters?where[slug][equals]=crystal&depth=0')
  const crystal = ((await found.json()) as { docs: { id: number; description: string }[] }).docs[0]
  const description = `Crystal now guides winter night walks (${Date.now()}).`
  const patch = await api.patch(`/api/characters/${crystal.id}`, {
    headers: { Authorization: `JWT ${token}` },
    data: { description },
  })
  expect(patch.status()).toBe(200)

  try {
    // The first visit after a revalidation may still get the old page while the new one renders.
    let shown = false
    for (let attempt = 0; attempt < 10 && !shown; attempt++) {
      await page.reload()
      shown = (await page.getByText(description).count()) > 0
      if (!shown) await page.waitForTimeout(500)
    }
    expect(shown).toBe(true)
  } finally {
    await api.patch(`/api/characters/${crystal.id}`, {
      headers: { Authorization: `JWT ${token}` },
      data: { description: crystal.description },
    })
  }
  await context.close()
})
