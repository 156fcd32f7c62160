import { text } from 'node:stream/consumers'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { DESKTOP, MOBILE, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { notice, openTab, seedVisitors, signIn, visitorPost } from './helpers/admin'

let browser: Browser
let people: Awaited<ReturnType<typeof seedVisitors>>
const tag = `d${Date.now()}`

beforeAll(async () => {
  browser = await launchBrowser()
  people = await seedVisitors(tag)
})
afterAll(async () => {
  await browser?.close()
})

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })

test('the sign-in page refuses a wrong password, closes to /about, and signs in', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/admin')
  await page.waitForURL('**/admin/login')
  await expect(page.getByRole('link', { name: 'Close' }).getAttribute('href')).resolves.toBe(
    '/about',
  )
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Username is required').isVisible()).resolves.toBe(true)
  await page.getByLabel('Username').fill('e2e-admin')
  await page.getByLabel('Password').fill('not-the-password-at-all')
  await page.getByRole('button', { name: 'Sign In' }).click()
  const refused = notice(page, 'Login Failed')
  await refused.waitFor()
  await expect(refused.textContent()).resolves.toContain('Invalid credentials')
  await screenshot(page, 'admin-login-failed')

  await signIn(page, 'full')
  const session = (await context.cookies()).find((cookie) => cookie.name === 'payload-token')
  expect(session?.httpOnly).toBe(true)
  await expect(page.evaluate(() => Object.keys(localStorage))).resolves.not.toContain('adminToken')
  await context.close()
})

test('a full admin works through every tab', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  // The sign-in form and its second step (a full admin's), as a person fills them.
  await signIn(page, 'full')
  await expect(page.getByText('Demo Mode').count()).resolves.toBe(0)

  // Overview: the charts draw the seeded signups and visits.
  await page.getByRole('img', { name: 'Waitlist signups per day by product' }).waitFor()
  await page.getByRole('img', { name: 'Page views per day' }).waitFor()
  await expect(page.getByLabel('Top pages').textContent()).resolves.toContain('/about')
  // The seeded visits came straight to the site, from a person's desktop browser.
  await expect(page.getByLabel('Top sources').textContent()).resolves.toContain('Direct')
  await expect(page.getByLabel('Devices').textContent()).resolves.toContain('desktop')
  await screenshot(page, 'admin-tab-overview')
  // Another range: the figures are read again for it.
  await page.getByLabel('Range').selectOption('7')
  await page.getByText('Page views (7 days)').waitFor()
  await page.getByLabel('Range').selectOption('30')
  await page.getByText('Page views (30 days)').waitFor()

  // A custom range: today only. The seeded visitor opened the records waitlist page.
  await visitorPost('/api/engagement/event', {
    eventType: 'page_view',
    eventData: JSON.stringify({ event: 'product-specific-engagement', product: 'records' }),
    page: '/waitlist',
    sessionId: `session-${tag}`,
  })
  const today = new Date().toISOString().slice(0, 10)
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  // Other test files open pages meanwhile, and every new visitor counts: the figure the page
  // shows lies between the count before it asked for it and the count once it is read.
  const visitorsToday = async () => {
    const [row] = await query<{ visitors: number }>(
      `select count(distinct session_id)::int as visitors from engagement_events
        where event_type = 'page_view' and session_id <> 'anonymous'
          and created_at >= $1::timestamptz and created_at < $1::timestamptz + interval '1 day'`,
      [`${today}T00:00:00Z`],
    )
    return row!.visitors
  }
  // Records signups of today, as the funnel counts them; other files add some meanwhile too.
  const signupsToday = async () => {
    const [row] = await query<{ signups: number }>(
      `select count(*)::int as signups from waitlist_entries
        where product = 'records' and joined_at >= $1::timestamptz and joined_at < $1::timestamptz + interval '1 day'`,
      [`${today}T00:00:00Z`],
    )
    return row!.signups
  }
  const visitorsBefore = await visitorsToday()
  expect(visitorsBefore).toBeGreaterThan(0)
  const signupsBefore = await signupsToday()
  expect(signupsBefore).toBeGreaterThan(0)
  await page.getByLabel('Range').selectOption('custom')
  await page.waitForURL(/[?&]from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/)
  await page.getByLabel('From', { exact: true }).fill(tomorrow)
  await page.getByRole('alert').filter({ hasText: 'from must be on or before to' }).waitFor()
  await page.getByLabel('From', { exact: true }).fill(today)
  await page.getByLabel('To', { exact: true }).fill(today)
  await page.waitForURL(new RegExp(`/admin\\?from=${today}&to=${today}$`))
  await page.getByText('Page views (1 day)').waitFor()
  const funnel = page.getByLabel('Funnel records')
  const step = (name: string) => funnel.getByRole('listitem').filter({ hasText: name })
  // The figure shown lies between the count before the page asked and the count once read.
  await expect
    .poll(async () => {
      const shown = Number(await step('Signups').locator('strong').textContent())
      return shown >= signupsBefore && shown <= (await signupsToday())
    })
    .toBe(true)
  const visitorsShown = Number(await step('Visitors').locator('strong').textContent())
  expect(visitorsShown).toBeGreaterThanOrEqual(visitorsBefore)
  expect(visitorsShown).toBeLessThanOrEqual(await visitorsToday())
  expect(Number(await step('Waitlist page').locator('strong').textContent())).toBeGreaterThan(0)
  // Signups also come from the home page's form (seeded above): they show no share of the
  // waitlist page's sessions, and every share shown is at most 100 %.
  await expect(step('Signups').getByText('%').count()).resolves.toBe(0)
  for (const shown of await page.getByTitle('Of the step before').allTextContents())
    expect(Number.parseFloat(shown) || 0).toBeLessThanOrEqual(100)
  await screenshot(page, 'admin-overview-funnel')
  await page.setViewportSize(MOBILE)
  await funnel.scrollIntoViewIfNeeded()
  await screenshot(page, 'admin-overview-funnel-mobile')
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0)
  await page.setViewportSize(DESKTOP)

  // Waitlist: filter, change the status, the default welcome email, the CSV export.
  await openTab(page, 'Waitlist Management')
  await page.getByLabel('Product').selectOption('records')
  // Other tests add records entries at the same time: the search keeps this one on the first page.
  await page.getByLabel('Search waitlist').fill(tag)
  const entry = row(page, people.waitlist)
  await entry.waitFor()
  await entry.getByRole('combobox').selectOption('active')
  await notice(page, 'Status updated').waitFor()
  expect(
    await query('select status from waitlist_entries where email = $1', [people.waitlist]),
  ).toEqual([{ status: 'active' }])
  await entry.getByRole('button', { name: 'Send Email' }).click()
  const welcome = page.getByRole('dialog', { name: `Send email to Wanda ${tag}` })
  await expect(welcome.getByLabel('Subject').inputValue()).resolves.toBe(
    'Welcome to the Starfinity Universe!',
  )
  await expect(welcome.getByLabel('Message').inputValue()).resolves.toMatch(/^Dear Wanda/)
  await welcome.getByRole('button', { name: 'Cancel' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^waitlist-records-\d{4}-\d{2}-\d{2}\.csv$/)
  // Read as a stream: the path of a download is only known to a browser launched by this process.
  const csv = await text(await download.createReadStream())
  expect(csv.split('\r\n')[0]).toMatch(/email/i)
  expect(csv).toContain(people.waitlist)
  expect(csv).toContain(`Wanda ${tag}`)
  await page.getByLabel('Product').selectOption('universe')
  await page.getByLabel('Search waitlist').fill(tag)
  await page.getByText(`Nothing matches “${tag}” under this filter.`).waitFor()
  await screenshot(page, 'admin-tab-waitlist-empty')
  await page.getByLabel('Product').selectOption('all')
  await entry.waitFor()
  await screenshot(page, 'admin-tab-waitlist')

  // Contacts: opening an unread message reads it; a status change; a reply lands in the email log.
  await openTab(page, 'Contact Messages')
  const asked = row(page, people.contactA)
  await expect(asked.getAttribute('data-unread')).resolves.toBe('true')
  await asked.getByRole('button', { name: 'View' }).click()
  const detail = page.getByRole('dialog', { name: 'Message details' })
  await expect(detail.textContent()).resolves.toContain('When will the Earth app open')
  await expect
    .poll(
      async () =>
        (await query('select status from contact_messages where email = $1', [people.contactA]))[0]
          .status,
    )
    .toBe('read')
  await screenshot(page, 'admin-contact-detail')
  await detail.getByRole('button', { name: 'Reply' }).click()
  const reply = page.getByRole('dialog', { name: `Reply to Asha ${tag}` })
  await expect(reply.getByLabel('Subject').inputValue()).resolves.toBe(`Re: Question ${tag}`)
  await reply.getByRole('button', { name: 'Send', exact: true }).click()
  await notice(page, 'Please fill in all fields').waitFor()
  await reply.getByRole('button', { name: 'AI Suggest' }).click()
  await reply.getByRole('button', { name: 'Use This' }).click()
  await expect(reply.getByLabel('Message').inputValue()).resolves.not.toBe('')
  await screenshot(page, 'admin-contact-reply')
  await reply.getByRole('button', { name: 'Send', exact: true }).click()
  const replied = notice(page, /Reply sent successfully|Failed to send reply/)
  await replied.waitFor()
  await expect(replied.textContent()).resolves.toContain('Reply sent successfully')
  await expect(reply.isVisible()).resolves.toBe(false)
  const logged = await query<{ email_type: string; subject: string }>(
    "select email_type, subject from email_logs where to_email = $1 and email_type = 'reply'",
    [people.contactA],
  )
  expect(logged).toEqual([{ email_type: 'reply', subject: `Re: Question ${tag}` }])
  await row(page, people.contactB).getByRole('combobox').selectOption('replied')
  await notice(page, 'Contact status updated').waitFor()
  expect(
    await query('select status from contact_messages where email in ($1, $2) order by email', [
      people.contactA,
      people.contactB,
    ]),
  ).toEqual([{ status: 'replied' }, { status: 'replied' }])
  await screenshot(page, 'admin-tab-contacts')

  await openTab(page, 'Parent Insights')
  await row(page, people.parent).waitFor()
  await expect(row(page, people.parent).textContent()).resolves.toContain('Nature connection')
  await screenshot(page, 'admin-tab-parent-insights')

  await openTab(page, 'AI Email Composer')
  const chat = page.getByLabel('Message to the assistant')
  await chat.fill('Write a short newsletter about the new song')
  await chat.press('Enter')
  await page.getByRole('button', { name: 'Use as email content' }).first().click()
  await page.getByRole('tab', { name: 'Email Preview' }).click()
  await expect(page.getByRole('textbox', { name: /^Content/ }).inputValue()).resolves.not.toBe('')
  await screenshot(page, 'admin-tab-composer')
  // An HTML email to one person: its script never runs, in the preview or in the email log.
  const htmlTo = `html.${tag}@example.com`
  const content = page.getByRole('textbox', { name: /^Content/ })
  await content.fill(
    '<div><p id="probe">static</p><script>document.getElementById("probe").textContent = "ran"</script></div>',
  )
  await expect(
    page.frameLocator('iframe[title="Email preview"]').locator('#probe').textContent(),
  ).resolves.toBe('static')
  await page.getByRole('tab', { name: 'Send Email' }).click()
  await page.getByRole('button', { name: 'Send Email' }).click()
  await notice(page, 'Missing Information').waitFor()
  await page.getByRole('tab', { name: 'Email Preview' }).click()
  await page.getByRole('textbox', { name: /^Subject/ }).fill(`News ${tag}`)
  await page.getByRole('tab', { name: 'Send Email' }).click()
  await page.getByRole('button', { name: 'Send Email' }).click()
  await notice(page, 'Missing Recipient').waitFor()
  await page.getByLabel('Recipient email').fill(htmlTo)
  await page.getByRole('button', { name: 'Send Email' }).click()
  await notice(page, 'Email Sent').waitFor()

  await openTab(page, 'AI Analytics')
  await page.getByLabel('Question').fill('How many people joined the waitlist?')
  await page.getByRole('button', { name: 'Ask AI' }).click()
  await page.getByLabel('AI answer').waitFor()
  await screenshot(page, 'admin-tab-analytics')

  await openTab(page, 'Newsletter')
  await row(page, people.subscriber).waitFor()
  await screenshot(page, 'admin-tab-newsletter')

  // Email Manager: the reply is in the history; the detail dialog; the opened toggle.
  await openTab(page, 'Email Manager')
  await page.getByLabel('Email type').selectOption('reply')
  const sent = row(page, people.contactA)
  await sent.waitFor()
  await sent.getByRole('button', { name: 'View' }).click()
  const emailDetail = page.getByRole('dialog', { name: 'Email details' })
  for (const label of ['To', 'From', 'Sent', 'Type', 'Subject', 'Message', 'Tags', 'Notes']) {
    await expect(emailDetail.getByText(label, { exact: true }).count()).resolves.toBeGreaterThan(0)
  }
  await screenshot(page, 'admin-email-detail')
  await emailDetail.getByRole('button', { name: 'Close' }).click()
  await sent.getByRole('checkbox').click()
  await notice(page, 'Email status updated').waitFor()
  expect(
    await query(
      "select email_opened from email_logs where to_email = $1 and email_type = 'reply'",
      [people.contactA],
    ),
  ).toEqual([{ email_opened: true }])
  await screenshot(page, 'admin-tab-email-manager')
  await page.getByLabel('Email type').selectOption('all')
  const htmlRow = row(page, htmlTo)
  await htmlRow.getByRole('button', { name: 'View' }).click()
  const frame = page.locator('iframe[title="HTML content"]')
  await expect(frame.getAttribute('sandbox')).resolves.toBe('')
  await expect(
    page.frameLocator('iframe[title="HTML content"]').locator('#probe').textContent(),
  ).resolves.toBe('static')
  await screenshot(page, 'admin-email-detail-html')
  await page
    .getByRole('dialog', { name: 'Email details' })
    .getByRole('button', { name: 'Close' })
    .click()

  // Narrow screens: the tabs scroll, the tables scroll inside their frame.
  await page.setViewportSize(MOBILE)
  await openTab(page, 'Waitlist Management')
  await page.getByLabel('Search waitlist').fill(tag)
  await row(page, people.waitlist).waitFor()
  await screenshot(page, 'admin-mobile-waitlist')
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)

  await page.getByRole('button', { name: 'Logout' }).click()
  await page.waitForURL('**/about')
  await page.goto('/admin')
  await page.waitForURL('**/admin/login')
  // Refused calls log their status; the sandbox logs each script it blocked (the probe's).
  const unexpected = consoleErrors.filter(
    (error) =>
      !/40[134]/.test(error) && !error.startsWith("Blocked script execution in 'about:srcdoc'"),
  )
  expect(unexpected).toEqual([])
  await context.close()
})

test('a full admin reads the audit trail of what the dashboard did', async () => {
  const { page, context } = await openPage(browser)
  await signIn(page, 'full')
  await page.goto('/admin/collections/audit-logs')
  const table = page.locator('table')
  await table.waitFor()
  const text = (await table.textContent()) ?? ''
  for (const action of ['waitlist.status', 'waitlist.export', 'contact.reply', 'contact.status']) {
    expect(text).toContain(action)
  }
  await expect(page.locator('nav').getByText('System').count()).resolves.toBeGreaterThan(0)
  await screenshot(page, 'admin-audit-log')
  await context.close()
})

test('an editor keeps the content screens and sees no personal data', async () => {
  const { page, context } = await openPage(browser)
  await signIn(page, 'editor')
  await page.getByRole('link', { name: 'Characters' }).first().waitFor()
  await expect(page.getByText('Starfinity Dashboard').count()).resolves.toBe(0)
  const nav = (await page.locator('nav').first().textContent()) ?? ''
  expect(nav).toContain('Content')
  for (const hidden of ['Waitlist Entries', 'Contact Messages', 'Email Logs', 'Audit Logs']) {
    expect(nav).not.toContain(hidden)
  }
  await screenshot(page, 'admin-editor-dashboard')
  await context.close()
})
