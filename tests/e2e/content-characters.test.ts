import type { APIRequestContext, Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { exerciseNewsletterForm, pageErrors } from './content-helpers'
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
  const { page, context } = await openPage(browser)
  const consoleErrors = pageErrors(page)
  await page.goto('/characters')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Meet the Animal Guides')
  const cards = page.locator('article')
  expect(await cards.count()).toBe(5)
  for (const [index, [name, place]] of GUIDES.entries()) {
    const card = cards.nth(index)
    expect(await card.getByRole('heading', { level: 2 }).textContent()).toContain(name)
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
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  const consoleErrors = pageErrors(page)
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
    await expect.poll(() => shownAfterReload(page, description), { timeout: 30_000 }).toBe(true)
  } finally {
    await api.patch(`/api/characters/${crystal.id}`, {
      headers: { Authorization: `JWT ${token}` },
      data: { description: crystal.description },
    })
  }
  await context.close()
})

/**
 * Whether /characters, reloaded, shows `text`. The first visit after a revalidation may still get
 * the old page while the new one renders: polled, with reloads.
 */
const shownAfterReload = async (page: Page, text: string) => {
  await page.reload()
  return (await page.getByText(text).count()) > 0
}

/** Signs the editor in on this context's API and returns the authorization header. */
const editorHeaders = async (api: APIRequestContext) => {
  const login = await api.post('/api/users/login', {
    data: { username: E2E_USERS.editor.username, password: E2E_USERS.editor.password },
  })
  expect(login.status()).toBe(200)
  return { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
}

/** The `src` and `srcset` of a guide's picture on /characters, after a fresh load. */
const pictureOf = async (page: Page, slug: string) => {
  await page.reload()
  const image = page.locator(`article#${slug} img`)
  await image.scrollIntoViewIfNeeded()
  return {
    src: (await image.getAttribute('src')) ?? '',
    srcset: (await image.getAttribute('srcset')) ?? '',
    alt: (await image.getAttribute('alt')) ?? '',
    width: await image.getAttribute('width'),
    // A lazy picture starts loading once scrolled into view: wait for it (or its failure).
    isLoaded: await image.evaluate((img: HTMLImageElement) =>
      img.decode().then(
        () => img.naturalWidth > 0,
        () => false,
      ),
    ),
  }
}

test("an editor's new picture for a character: a draft changes nothing, publishing shows it", async () => {
  const { page, context } = await openPage(browser)
  const api = context.request
  const headers = await editorHeaders(api)
  const found = await api.get('/api/characters?where[slug][equals]=fern&depth=0')
  const fern = ((await found.json()) as { docs: { id: number; artwork: number }[] }).docs[0]!
  await page.goto('/characters')
  const before = await pictureOf(page, 'fern')
  expect(before.src).toMatch(/\/api\/media\/file\/fern-seed(-\d+)?\.svg$/)
  expect(before.isLoaded).toBe(true)

  const png = await sharp({
    create: { width: 2000, height: 2000, channels: 3, background: '#2f6f4f' },
  })
    .png()
    .toBuffer()
  const alt = `Fern at dawn (${Date.now()})`
  const upload = await api.post('/api/media', {
    headers,
    multipart: {
      file: { name: 'fern-at-dawn.png', mimeType: 'image/png', buffer: png },
      _payload: JSON.stringify({ alt }),
    },
  })
  expect(upload.status()).toBe(201)
  const media = (
    (await upload.json()) as {
      doc: { id: number; sizes: Record<string, { url: string; width: number; height: number }> }
    }
  ).doc
  expect(media.sizes.card).toMatchObject({ width: 768, height: 768 })

  try {
    const draft = await api.patch(`/api/characters/${fern.id}?draft=true`, {
      headers,
      data: { artwork: media.id },
    })
    expect(draft.status()).toBe(200)
    // The page is rendered again after the draft (a published change to another guide shows),
    // and still has the published picture.
    const found = await api.get('/api/characters?where[slug][equals]=crystal&depth=0')
    const crystal = ((await found.json()) as { docs: { id: number; description: string }[] })
      .docs[0]!
    const description = `Crystal counts the first snowflakes (${Date.now()}).`
    try {
      const other = await api.patch(`/api/characters/${crystal.id}`, {
        headers,
        data: { description },
      })
      expect(other.status()).toBe(200)
      await expect.poll(() => shownAfterReload(page, description), { timeout: 30_000 }).toBe(true)
      expect((await pictureOf(page, 'fern')).src).toBe(before.src)
    } finally {
      await api.patch(`/api/characters/${crystal.id}`, {
        headers,
        data: { description: crystal.description },
      })
    }

    const publish = await api.patch(`/api/characters/${fern.id}`, {
      headers,
      data: { artwork: media.id, _status: 'published' },
    })
    expect(publish.status()).toBe(200)
    // The page links the site's own uploads by path (decision 182).
    const card = new URL(media.sizes.card.url).pathname
    await expect
      .poll(async () => (await pictureOf(page, 'fern')).src, { timeout: 30_000 })
      .toBe(card)
    const after = await pictureOf(page, 'fern')
    expect(after).toMatchObject({ src: card, alt, width: '768', isLoaded: true })
    expect(after.srcset).toContain(`${card} 768w`)
    expect(after.srcset).toContain(`${new URL(media.sizes.fullWidth.url).pathname} 1600w`)
    await screenshot(page, 'characters-new-picture')
  } finally {
    await api.patch(`/api/characters/${fern.id}`, {
      headers,
      data: { artwork: fern.artwork, _status: 'published' },
    })
    await api.delete(`/api/media/${media.id}`, { headers })
  }
  await context.close()
})
