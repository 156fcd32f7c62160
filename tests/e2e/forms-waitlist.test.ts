import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { analyticsOf, holdRequests, sessionOf, watchErrors } from './forms-helpers'
import { MOBILE, closeNotice, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { WAITLIST_JOINED_TEXT } from '@/components/site/waitlist/WaitlistForm'
import { WEB_ADDRESS_IN_NAME } from '@/schemas/messages'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('the default product: heading, page-load event, no console error', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  await page.goto('/waitlist')
  await page.getByRole('heading', { level: 1, name: 'Join the Earth App Waitlist' }).waitFor()
  const rows = await analyticsOf(await sessionOf(page), 1)
  expect(rows).toContainEqual({ label: 'waitlist-page-load', category: 'waitlist_action' })
  expect(rows.map((row) => row.label)).not.toContain('product-specific-engagement')
  await screenshot(page, 'waitlist-desktop')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test.each([
  ['/waitlist?product=records', 'Join the Records Waitlist'],
  ['/waitlist?product=publishing&ref=AbCdEf1234', 'Join the Publishing Waitlist'],
  ['/waitlist?ref=AbCdEf1234&product=universe', 'Join the Universe Waitlist'],
  ['/waitlist', 'Join the Earth App Waitlist'],
  ['/waitlist?product=earth-app', 'Join the Earth App Waitlist'],
  ['/waitlist?product=no-such-product', 'Join the Earth App Waitlist'],
])('%s is served with its product in the HTML (the first paint)', async (path, headline) => {
  const response = await fetch(`${inject('baseURL')}${path}`)
  expect(response.status).toBe(200)
  const html = await response.text()
  const [h1] = /<h1[^>]*>.*?<\/h1>/s.exec(html) ?? ['']
  expect(h1).toContain(headline)
  // The page comes from the page cache, with the policy of a cached page (script hashes).
  expect(response.headers.get('content-security-policy')).toContain("'sha256-")
})

test('?product= changes the headline and sends the product event with its attributes', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  await page.goto('/waitlist?product=records')
  await page.getByRole('heading', { level: 1, name: 'Join the Records Waitlist' }).waitFor()
  const sessionId = await sessionOf(page)
  const rows = await analyticsOf(sessionId, 2)
  expect(rows.map((row) => row.label)).toEqual(
    expect.arrayContaining(['waitlist-page-load', 'product-specific-engagement']),
  )
  const engagement = await query<{ event_data: string }>(
    `select event_data from engagement_events where session_id = $1 and event_data like '%product-specific%'`,
    [sessionId],
  )
  expect(JSON.parse(engagement[0]!.event_data)).toMatchObject({
    product: 'records',
    audience: 'listeners',
  })
  await screenshot(page, 'waitlist-mobile')
  await context.close()
})

test('a name holding a web address is refused under the field before anything is sent (decision 192)', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  let posted = 0
  page.on('request', (request) => {
    if (request.url().includes('/api/waitlist') && request.method() === 'POST') posted++
  })
  await page.goto('/waitlist?product=records')
  const form = page.getByRole('form', { name: 'Join the waitlist' })
  await form.getByLabel('Email').fill(`named.${Date.now()}@example.com`)
  await form.getByLabel('First name').fill('Ann https://evil.example/win')
  await form.getByRole('button', { name: 'Join the Waitlist' }).click()
  await form.getByText(WEB_ADDRESS_IN_NAME).waitFor()
  await expect(form.getByText(WEB_ADDRESS_IN_NAME).isVisible()).resolves.toBe(true)
  await screenshot(page, 'waitlist-name-with-address')
  expect(posted).toBe(0)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('validates, shows the loader, stores the entry, clears the form, and answers a known address alike', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  await page.goto('/waitlist?product=publishing')
  const form = page.getByRole('form', { name: 'Join the waitlist' })
  await form.getByRole('button', { name: 'Join the Waitlist' }).click()
  // The form's validation loads when it is first used: wait for its messages.
  await form.getByText('Please enter a valid email address').waitFor()
  await expect(form.getByText('Please enter a valid email address').isVisible()).resolves.toBe(true)
  await expect(form.getByText('Name is required').isVisible()).resolves.toBe(true)

  const email = `waitlist.${Date.now()}@example.com`
  const fill = async () => {
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('First name').fill('Nova')
    await form.getByLabel('Books & Reading').check()
    await form.getByLabel('Sustainability').check()
    await form.getByLabel('How did you hear about us? (optional)').selectOption('Podcast')
  }
  await fill()
  // Holds the request briefly so the pending state can be seen.
  const release = await holdRequests(page, '**/api/waitlist')
  await form.getByRole('button', { name: 'Join the Waitlist' }).click()
  await form.getByRole('button', { name: 'Joining the cosmic waitlist...' }).waitFor()
  await expect(
    form.getByRole('button', { name: 'Joining the cosmic waitlist...' }).isDisabled(),
  ).resolves.toBe(true)
  release()
  const success = page.getByRole('status').filter({ hasText: 'Successfully joined waitlist!' })
  await success.waitFor()
  await expect(success.textContent()).resolves.toContain(WAITLIST_JOINED_TEXT)
  await expect(form.getByLabel('Email').inputValue()).resolves.toBe('')
  await expect(form.getByLabel('Books & Reading').isChecked()).resolves.toBe(false)

  const rows = await query<{ id: number; name: string; product: string; referral_source: string }>(
    'select id, name, product, referral_source from waitlist_entries where email = $1',
    [email],
  )
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ name: 'Nova', product: 'publishing', referral_source: 'Podcast' })
  const interests = await query<{ text: string }>(
    `select v.text from waitlist_entries w,
       jsonb_array_elements_text(w.interests) with ordinality v(text, n) where w.id = $1 order by v.n`,
    [rows[0]!.id],
  )
  expect(interests.map((row) => row.text)).toEqual(['Books & Reading', 'Sustainability'])

  // The same address again: the same notice (the email tells the person, decision 0163), one row.
  await closeNotice(success)
  await fill()
  await form.getByRole('button', { name: 'Join the Waitlist' }).click()
  await success.waitFor()
  await expect(success.textContent()).resolves.toContain(WAITLIST_JOINED_TEXT)
  await expect(form.getByLabel('Email').inputValue()).resolves.toBe('')
  await expect(
    query('select id from waitlist_entries where email = $1', [email]),
  ).resolves.toHaveLength(1)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('before the page hydrates the form cannot be sent, so no address ends up in a URL', async () => {
  // Without JavaScript the page stays as the server sent it: as it is before hydration.
  const context = await browser.newContext({ baseURL: inject('baseURL'), javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/waitlist?product=records')
  const form = page.getByRole('form', { name: 'Join the waitlist' })
  await form.getByLabel('Email').fill('not.in.the.url@example.com')
  await expect(form.getByRole('button', { name: 'Join the Waitlist' }).isDisabled()).resolves.toBe(
    true,
  )
  await form.getByLabel('Email').press('Enter')
  await page.waitForLoadState('load')
  expect(page.url()).not.toContain('example.com')
  await context.close()

  // Hydrated, the same button can be pressed.
  const { page: live, context: liveContext } = await openPage(browser)
  await live.goto('/waitlist?product=records')
  await sessionOf(live)
  await expect(
    live
      .getByRole('form', { name: 'Join the waitlist' })
      .getByRole('button', { name: 'Join the Waitlist' })
      .isEnabled(),
  ).resolves.toBe(true)
  await liveContext.close()
})
