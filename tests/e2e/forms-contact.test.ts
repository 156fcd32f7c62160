import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { analyticsOf, holdRequests, sessionOf, watchErrors } from './forms-helpers'
import { MOBILE, launchBrowser, openPage, query, screenshot, stopClock } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('the contact page opens at the top with its hero, cards and a load event', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  const consoleErrors = watchErrors(page)
  await page.goto('/contact')
  await page.getByRole('heading', { level: 1, name: 'Connect with Purpose' }).waitFor()
  await page.getByRole('heading', { name: 'Why Connect?' }).waitFor()
  await page.getByRole('heading', { name: 'Response Time' }).waitFor()
  const social = page.getByRole('link', { name: 'Connect on Social' })
  await expect(social.getAttribute('target')).resolves.toBe('_blank')
  await expect(social.getAttribute('rel')).resolves.toBe('noopener noreferrer')
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)

  const rows = await analyticsOf(await sessionOf(page), 1)
  const labels = rows.map((row) => row.label)
  expect(labels).toContain('contact-page-load')
  await screenshot(page, 'contact-mobile')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('an idle focus sends one event 30 s after the last focus', async () => {
  const { page, context } = await openPage(browser)
  // Time stands still but for runFor, so the steps below are exact however slow the machine.
  await stopClock(page)
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Send a message' })
  await form.getByLabel('Name').focus()
  await page.clock.runFor(20_000)
  await form.getByLabel('Message').focus()
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/track')) sent.push(request.postData() ?? '')
  })
  await page.clock.runFor(29_000)
  expect(sent.filter((body) => body.includes('contact-form-idle-focus'))).toEqual([])
  await page.clock.runFor(2_000)
  await expect
    .poll(() => sent.filter((body) => body.includes('contact-form-idle-focus')).length)
    .toBe(1)
  await form.getByLabel('Name').focus()
  await page.clock.runFor(31_000)
  expect(sent.filter((body) => body.includes('contact-form-idle-focus'))).toHaveLength(1)
  await context.close()
})

test('validates, sends, swaps to Message Received, and stores the message', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Send a message' })
  await form.getByRole('button', { name: 'Send Message' }).click()
  // The form's validation loads when it is first used: wait for its messages.
  await form.getByText('Name is required').waitFor()
  await expect(form.getByText('Name is required').isVisible()).resolves.toBe(true)
  await expect(
    form.getByText('Please enter a valid email', { exact: true }).isVisible(),
  ).resolves.toBe(true)
  await expect(form.getByText('Subject is required').isVisible()).resolves.toBe(true)
  await expect(form.getByText('Message must be at least 10 characters').isVisible()).resolves.toBe(
    true,
  )
  await screenshot(page, 'contact-errors')

  const email = `contact.${Date.now()}@example.com`
  await form.getByLabel('Name').fill('Page Visitor')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Subject').selectOption('media')
  await form.getByLabel('Message').fill('Would you speak at our family festival next spring?')
  const release = await holdRequests(page, '**/api/contact')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await form.getByRole('button', { name: 'Sending...' }).waitFor()
  release()
  await page.getByRole('status').filter({ hasText: 'Message sent successfully!' }).waitFor()
  await page.getByRole('heading', { level: 1, name: 'Message Received' }).waitFor()
  await expect(page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).resolves.toBe(
    '/',
  )
  await expect(
    page.getByRole('link', { name: 'Connect Further' }).getAttribute('target'),
  ).resolves.toBe('_blank')
  const rows = await query(
    'select name, subject, message, status from contact_messages where email = $1',
    [email],
  )
  expect(rows).toEqual([
    {
      name: 'Page Visitor',
      subject: 'media',
      message: 'Would you speak at our family festival next spring?',
      status: 'unread',
    },
  ])
  await screenshot(page, 'contact-received')
  // Return Home leaves the page by the client's own navigation: the home page works.
  await page.getByRole('link', { name: 'Return Home' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByRole('heading', { level: 1, name: 'Starfinity' }).waitFor()
  await expect(page.getByText(/This page couldn.t load/).count()).resolves.toBe(0)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('a failed send keeps the form and shows the failure notice', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Send a message' })
  const email = `contact.dup.${Date.now()}@example.com`
  const send = async () => {
    await form.getByLabel('Name').fill('Twice Visitor')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Subject').selectOption('other')
    await form.getByLabel('Message').fill('The very same message, sent twice.')
    await form.getByRole('button', { name: 'Send Message' }).click()
  }
  // The same message twice is a duplicate (409): the second send fails and keeps the form.
  await send()
  await page.getByRole('heading', { level: 1, name: 'Message Received' }).waitFor()
  await page.goto('/contact')
  await send()
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to send message' })
  await failure.waitFor()
  await expect(failure.textContent()).resolves.toContain(
    'Please try again or contact us directly via email.',
  )
  await expect(form.getByLabel('Email').inputValue()).resolves.toBe(email)
  await context.close()
})
