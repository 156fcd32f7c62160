import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import {
  MOBILE,
  afterObservers,
  gotoStarted,
  launchBrowser,
  openPage,
  query,
  screenshot,
} from './helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The alpha of a computed colour (`rgb(…)` is opaque; `rgba(…, a)` and `rgb(… / a)` carry it). */
const alpha = (colour: string) => {
  const parts = /^rgba?\((.*)\)$/
    .exec(colour)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
  if (!parts) throw new Error(`not an rgb colour: ${colour}`)
  const value = parts[3]
  if (value === undefined) return 1
  return value.endsWith('%') ? Number(value.slice(0, -1)) / 100 : Number(value)
}

test('the mobile menu opens, and closes after a navigation', async () => {
  const { page, context, consoleErrors } = await openPage(browser, { viewport: MOBILE })
  await page.goto('/privacy')
  const menu = page.locator('#site-menu')
  await expect(menu.isVisible()).resolves.toBe(false)
  // The toggle's icon is drawn (no character of any font): its size, and no text in the button.
  const icon = (name: string) =>
    page.getByRole('button', { name }).evaluate((button) => {
      const { width, height } = button.querySelector('svg')!.getBoundingClientRect()
      return { text: button.textContent, icon: { width, height } }
    })
  await expect(icon('Open menu')).resolves.toEqual({ text: '', icon: { width: 20, height: 20 } })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(menu.isVisible()).resolves.toBe(true)
  await expect(icon('Close menu')).resolves.toEqual({ text: '', icon: { width: 20, height: 20 } })
  // Nothing of the page shows through: the open menu and the bar above it are fully opaque.
  const background = (element: Element) => getComputedStyle(element).backgroundColor
  const colours = {
    menu: await menu.evaluate(background),
    header: await page.getByRole('banner').evaluate(background),
  }
  expect(
    { menu: alpha(colours.menu), header: alpha(colours.header) },
    JSON.stringify(colours),
  ).toEqual({ menu: 1, header: 1 })
  await screenshot(page, 'shell-mobile-menu')
  await menu.getByRole('link', { name: 'Join Waitlist' }).click()
  await page.waitForURL('**/waitlist')
  await expect(menu.isVisible()).resolves.toBe(false)
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('the footer contact modal validates, sends, notifies and closes', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click()
  const dialog = page.getByRole('dialog', { name: 'Contact us' })
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  // The form's validation loads when it is first used: the messages appear once it has run.
  await dialog.getByText('Name is required').waitFor()
  await expect(
    dialog.getByText('Message must be at least 10 characters').isVisible(),
  ).resolves.toBe(true)
  await screenshot(page, 'shell-contact-modal-errors')

  const email = `modal.${Date.now()}@example.com`
  await dialog.getByLabel('Name', { exact: true }).fill('Modal Visitor')
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByLabel('Subject', { exact: true }).selectOption('feedback')
  await dialog.getByLabel('Message', { exact: true }).fill('A kind word from the footer modal.')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  const notice = page.getByRole('status').filter({ hasText: 'Message sent successfully' })
  await notice.waitFor()
  await expect(dialog.isVisible()).resolves.toBe(false)
  const rows = await query('select name, subject from contact_messages where email = $1', [email])
  expect(rows).toEqual([{ name: 'Modal Visitor', subject: 'feedback' }])
  await context.close()
})

test('a notice closes after five seconds, and F8 reaches the notifications', async () => {
  const { page, context } = await openPage(browser)
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click()
  const dialog = page.getByRole('dialog', { name: 'Contact us' })
  await dialog.getByLabel('Name', { exact: true }).fill('Timer Visitor')
  await dialog.getByLabel('Email', { exact: true }).fill(`timer.${Date.now()}@example.com`)
  await dialog.getByLabel('Subject', { exact: true }).selectOption('other')
  await dialog.getByLabel('Message', { exact: true }).fill('Checking how long a notice stays.')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  const notice = page.getByRole('status').filter({ hasText: 'Message sent successfully' })
  await notice.waitFor()
  await page.mouse.move(0, 0)
  await page.keyboard.press('F8')
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
  expect(focused).toBe('Notifications (F8)')
  await notice.waitFor({ state: 'detached', timeout: 8000 })
  await context.close()
})

test('internal links prefetch on intent, not on load, and navigate without a reload', async () => {
  const { page, context } = await openPage(browser)
  /** The pages whose payload the browser fetched ahead (`?_rsc=` requests), in order. */
  const prefetched: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.searchParams.has('_rsc')) prefetched.push(url.pathname)
  })
  // Started: the tracker sends its page view from hydrated client code, so every link is mounted.
  await gotoStarted(page, '/privacy')
  // Next prefetches a link as its IntersectionObserver reports it near the viewport.
  await afterObservers(page, 'a[href^="/"]')
  // The footer's links scroll into view: still nothing fetched ahead.
  const footer = page.getByRole('contentinfo')
  await footer.scrollIntoViewIfNeeded()
  await afterObservers(page, 'footer a[href^="/"]')
  expect(prefetched).toEqual([])

  const terms = footer.getByRole('link', { name: 'Terms', exact: true })
  const hovered = page.waitForRequest((request) => request.url().includes('/terms?_rsc='))
  await terms.hover()
  await hovered
  const faq = footer.getByRole('link', { name: 'FAQ', exact: true })
  const focused = page.waitForRequest((request) => request.url().includes('/faq?_rsc='))
  await faq.focus()
  await focused
  expect(new Set(prefetched)).toEqual(new Set(['/terms', '/faq']))

  // A client-side navigation: the page's window (and this mark on it) survives the click.
  await page.evaluate(() => Object.assign(window, { samePage: true }))
  await terms.click()
  await page.waitForURL('**/terms')
  await page.getByRole('heading', { level: 1, name: /Terms/ }).waitFor()
  await expect(page.evaluate(() => 'samePage' in window)).resolves.toBe(true)
  await context.close()
})

test('a first visit asks for each page once: no client-hint retry, on the site or the admin', async () => {
  for (const path of ['/', '/privacy', '/admin/login']) {
    // A new context is a first visit: the browser holds no client-hint preference for the site.
    const { page, context } = await openPage(browser)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    /** Every request the browser sent for the page itself (a Critical-CH retry is a second one). */
    const sent: string[] = []
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Document') sent.push(new URL(event.request.url).pathname)
    })
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    expect(sent, path).toEqual([path])
    for (const header of ['accept-ch', 'critical-ch']) {
      expect(response?.headers()[header], `${path} ${header}`).toBeUndefined()
    }
    await context.close()
  }
})

test('the first frame waits for the main content: the head names the mark that follows <main>', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  for (const path of ['/', '/waitlist', '/privacy', '/no-such-page']) {
    await page.goto(path)
    const shape = await page.evaluate(() => {
      const expects = [...document.querySelectorAll('link[rel="expect"]')]
      const mark = document.getElementById('main-end')
      return {
        expects: expects.map((link) => ({
          inHead: link.parentElement === document.head,
          href: link.getAttribute('href'),
          blocking: link.getAttribute('blocking'),
        })),
        markFollowsMain: mark?.previousElementSibling?.matches('main#main') ?? false,
        markHidden: mark?.hidden ?? false,
        markEmpty: mark?.childNodes.length === 0,
      }
    })
    expect(shape, path).toEqual({
      expects: [{ inHead: true, href: '#main-end', blocking: 'render' }],
      markFollowsMain: true,
      markHidden: true,
      markEmpty: true,
    })
  }
  await context.close()
})
