import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

import { confirmSubscriber, query } from './helpers/browser'

/**
 * Console errors of a page, except the browser's own request for /favicon.ico (the site shell has
 * no icon yet, and no page asks for one) and a 404 of a link's prefetch (`_rsc`): browser test files
 * run two at a time, and an editor test may delete an article whose link this page had listed.
 * A failed load names its address.
 */
export const pageErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const url = new URL(message.location().url || 'about:blank')
    if (url.pathname === '/favicon.ico') return
    const failedLoad = message.text().startsWith('Failed to load resource')
    if (failedLoad && message.text().includes('404') && url.searchParams.has('_rsc')) return
    errors.push(failedLoad ? `${message.text()} (${url})` : message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Interests stored for a subscriber, in order. */
export const storedInterests = async (email: string) =>
  (
    await query<{ text: string }>(
      `select v.text from newsletter_subscribers s,
         jsonb_array_elements_text(s.interests) with ordinality v(text, n) where s.email = $1 order by v.n`,
      [email],
    )
  ).map((row) => row.text)

/**
 * One newsletter form through the spec's states: a validation message, the pending text (the
 * request is held back briefly so it can be seen), the success notice with the stored row, and
 * the duplicate (409) notice.
 */
export const exerciseNewsletterForm = async (
  page: Page,
  form: Locator,
  expected: {
    pendingText: string
    successTitle: string
    duplicateTitle: string
    duplicateText?: string
    interests: string[]
  },
) => {
  const email = form.getByLabel('Email address')
  const submit = form.getByRole('button')

  // Passes the browser's own email check, not the schema's.
  await email.fill('dune@fox')
  await submit.click()
  await form.getByText('Please enter a valid email address').waitFor()
  expect(await email.getAttribute('aria-invalid')).toBe('true')

  const address = `reader.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`
  await page.route('**/api/newsletter', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await email.fill(address)
  await submit.click()
  await form.getByRole('button', { name: expected.pendingText }).waitFor()
  expect(await submit.isDisabled()).toBe(true)
  await page.getByRole('status').filter({ hasText: expected.successTitle }).waitFor()
  expect(await email.inputValue()).toBe('')
  expect(await storedInterests(address)).toEqual(expected.interests)
  await page.unroute('**/api/newsletter')
  await confirmSubscriber(address)

  await email.fill(address)
  await submit.click()
  const alert = page.getByRole('alert').filter({ hasText: expected.duplicateTitle })
  await alert.waitFor()
  if (expected.duplicateText) {
    expect(await alert.textContent()).toContain(expected.duplicateText)
  }
  expect(await email.inputValue()).toBe(address)
  return address
}

/** A Lexical rich-text value of one paragraph (an article's body as the admin stores it). */
export const paragraph = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        textFormat: 0,
        children: [
          { type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' },
        ],
      },
    ],
  },
})
