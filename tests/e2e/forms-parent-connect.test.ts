import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { holdRequests, watchErrors } from './forms-helpers'
import { MOBILE, launchBrowser, openPage, query, screenshot } from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ANSWERS = ['Beautiful artwork', 'Stargazing at night', 'Kindness and empathy']

/** Answers the three questions; each advances on its own after 500 ms. */
const answerSurvey = async (page: Page, shot?: string) => {
  for (const [index, answer] of ANSWERS.entries()) {
    await page.getByText(`Step ${index + 1} of 4`).waitFor()
    if (shot && index === 0) await screenshot(page, `${shot}-step1`)
    const started = Date.now()
    await page.getByRole('button', { name: answer }).click()
    await page.getByText(`Step ${index + 2} of 4`).waitFor()
    expect(Date.now() - started).toBeGreaterThanOrEqual(450)
  }
}

test('four steps with auto-advance, signup, thank-you, and the stored answers', async () => {
  const { page, context } = await openPage(browser)
  const consoleErrors = watchErrors(page)
  await page.goto('/parent-connect')
  await page.getByRole('heading', { level: 1, name: 'Parent Connect' }).waitFor()
  await answerSurvey(page, 'parent-connect-desktop')

  const form = page.getByRole('form', { name: 'Join the journey' })
  await form.getByRole('button', { name: 'Join the Journey' }).click()
  // The form's validation loads when it is first used: wait for its messages.
  await form.getByText('Name is required').waitFor()
  await expect(form.getByText('Name is required').isVisible()).resolves.toBe(true)
  await expect(form.getByText('Please enter a valid email address').isVisible()).resolves.toBe(true)
  await expect(form.getByText("Please select your child's age range").isVisible()).resolves.toBe(
    true,
  )
  await screenshot(page, 'parent-connect-desktop-signup')

  const email = `parent.${Date.now()}@example.com`
  await form.getByLabel('Your name').fill('River Parent')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel("Your child's age").selectOption('5-6')
  const release = await holdRequests(page, '**/api/parent-engagement')
  await form.getByRole('button', { name: 'Join the Journey' }).click()
  await form.getByRole('button', { name: 'Joining the Journey...' }).waitFor()
  release()
  const notice = page.getByRole('status').filter({ hasText: 'Welcome to the journey!' })
  await notice.waitFor()
  await expect(notice.textContent()).resolves.toContain("'Five-Minute Nature Moments'")
  await page.getByRole('heading', { name: 'Thank You for Joining!' }).waitFor()

  const rows = await query<Record<string, string>>(
    `select name, child_age, book_attraction, nature_connection, parenting_values, source
       from parent_engagements where email = $1`,
    [email],
  )
  expect(rows).toEqual([
    {
      name: 'River Parent',
      child_age: '5-6',
      book_attraction: 'Beautiful artwork',
      nature_connection: 'Stargazing at night',
      parenting_values: 'Kindness and empathy',
      source: 'parent_qr_connect',
    },
  ])

  // The wish box: nothing happens while empty; a thank-you once something is written.
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && !request.url().includes('/api/analytics'))
      sent.push(request.url())
  })
  await page.getByRole('button', { name: 'Share My Wish' }).click()
  await expect(page.getByText('Thank you for sharing!').count()).resolves.toBe(0)
  await page.getByLabel('One thing you wish existed (optional)').fill('A nature map for kids')
  await page.getByRole('button', { name: 'Share My Wish' }).click()
  await page.getByText('Thank you for sharing!').waitFor()
  expect(sent.filter((url) => !url.includes('/api/engagement'))).toEqual([])
  for (const href of ['/books/dune-big-ears', '/about', '/publishing'])
    await expect(page.locator(`a[href="${href}"]`).first().isVisible()).resolves.toBe(true)
  await screenshot(page, 'parent-connect-desktop-thanks')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('a second signup with the same email is thanked alike and stored once, on mobile', async () => {
  const email = `parent.dup.${Date.now()}@example.com`
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  const signUp = async (shot?: string) => {
    await page.goto('/parent-connect')
    await answerSurvey(page, shot)
    const form = page.getByRole('form', { name: 'Join the journey' })
    await form.getByLabel('Your name').fill('Dup Parent')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel("Your child's age").selectOption('multiple')
    if (shot) await screenshot(page, `${shot}-signup`)
    await form.getByRole('button', { name: 'Join the Journey' }).click()
  }
  await signUp('parent-connect-mobile')
  await page.getByRole('heading', { name: 'Thank You for Joining!' }).waitFor()
  // The same address again: the same thanks (decision 0163), and still one survey.
  await signUp()
  await page.getByRole('heading', { name: 'Thank You for Joining!' }).waitFor()
  await expect(
    query('select id from parent_engagements where email = $1', [email]),
  ).resolves.toHaveLength(1)
  await context.close()
})
