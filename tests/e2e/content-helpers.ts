import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

import { closeNotice, confirmSubscriber, query } from './helpers/browser'

/**
 * A prefetch (`_rsc`) of an article's page: browser test files run two at a time, and an editor
 * test may delete the article it made while this page still lists its link.
 */
const deletedArticlePrefetch = (address: string) => {
  const url = new URL(address || 'about:blank')
  return url.searchParams.has('_rsc') && url.pathname.startsWith('/insights/')
}

/**
 * Console errors of a page, except a 404 of an article's prefetch (deletedArticlePrefetch). A
 * failed load names its address.
 */
export const pageErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const url = message.location().url
    const failedLoad = message.text().startsWith('Failed to load resource')
    if (failedLoad && message.text().includes('status of 404') && deletedArticlePrefetch(url))
      return
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
 * request is held back briefly so it can be seen), the success notice with the stored row, and a
 * confirmed subscriber's address again: the same success notice (decision 0163), still one row.
 */
export const exerciseNewsletterForm = async (
  page: Page,
  form: Locator,
  expected: {
    pendingText: string
    successTitle: string
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
  // The signup is held until its pending state has been seen.
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/newsletter', async (route) => {
    await released
    await route.continue()
  })
  await email.fill(address)
  await submit.click()
  await form.getByRole('button', { name: expected.pendingText }).waitFor()
  expect(await submit.isDisabled()).toBe(true)
  release()
  const success = page.getByRole('status').filter({ hasText: expected.successTitle })
  await success.waitFor()
  expect(await email.inputValue()).toBe('')
  expect(await storedInterests(address)).toEqual(expected.interests)
  await page.unroute('**/api/newsletter')
  await confirmSubscriber(address)

  await closeNotice(success)
  await email.fill(address)
  await submit.click()
  await success.waitFor()
  expect(await email.inputValue()).toBe('')
  expect(await storedInterests(address)).toEqual(expected.interests)
  return address
}

export { paragraph } from '../helpers/rich-text'
