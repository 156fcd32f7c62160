import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { MOBILE, launchBrowser, openPage, screenshot, stopClock } from './helpers/browser'
import { seriousViolations } from './helpers/axe'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('/demo shows the cosmic loader, which closes after three seconds and can be shown again', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  // The browser's clock is driven by the test, so the three seconds are exact under any load.
  await context.clock.install()
  await page.goto('/demo')
  await expect(page.locator('h1').allTextContents()).resolves.toEqual(['Cosmic Loader Demo'])
  const loader = page.getByRole('status').filter({ hasText: 'Loading the cosmos...' })
  await expect(loader.isVisible()).resolves.toBe(true)
  await screenshot(page, 'demo-loader')
  // Hydrated: the layout's tracker has started (its effects run with the loader's).
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('starfinity-session-id')))
    .toBeTruthy()
  await page.clock.runFor(3100)
  await loader.waitFor({ state: 'detached', timeout: 2000 })

  // Stop the clock, then time the loader exactly.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  await page.getByRole('button', { name: 'Show Loader Again' }).click()
  await loader.waitFor()
  await page.clock.runFor(2900)
  await expect(loader.isVisible()).resolves.toBe(true)
  await page.clock.runFor(200)
  await loader.waitFor({ state: 'detached', timeout: 2000 })
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('/demo-stars: density, pattern and animation controls change the field', async () => {
  const { page, context, consoleErrors } = await openPage(browser)
  await page.goto('/demo-stars')
  await expect(page.locator('h1').allTextContents()).resolves.toEqual(['Star Field Demo'])
  const field = page.getByTestId('star-sky').locator('[data-star-count]')
  const stars = () => field.locator('span').count()
  await expect(field.getAttribute('data-star-count')).resolves.toBe('100')
  await expect(stars()).resolves.toBe(100)

  await page.getByLabel('High').check()
  await expect(stars()).resolves.toBe(150)
  await page.getByLabel('Low').check()
  await expect(stars()).resolves.toBe(50)

  // A heart draws its stars along one curve: none left in the top corners.
  await page.getByLabel('Medium').check()
  await page.getByLabel('Heart').check()
  await expect(field.getAttribute('data-pattern')).resolves.toBe('heart')
  const corners = await field
    .locator('span')
    .evaluateAll((dots: HTMLElement[]) =>
      dots.filter((dot) => parseFloat(dot.style.top) < 15 && parseFloat(dot.style.left) < 15),
    )
  expect(corners).toHaveLength(0)
  await screenshot(page, 'demo-stars-heart')

  const toggle = page.getByRole('button', { name: 'Animation: On' })
  await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true')
  const animationName = () =>
    field
      .locator('span')
      .first()
      .evaluate((dot) => getComputedStyle(dot).animationName)
  await expect(animationName()).resolves.not.toBe('none')
  await toggle.click()
  await expect(
    page.getByRole('button', { name: 'Animation: Off' }).getAttribute('aria-pressed'),
  ).resolves.toBe('false')
  await expect(animationName()).resolves.toBe('none')
  expect(consoleErrors).toEqual([])
  await context.close()
})

test('/demo-stars: a shooting star may appear every ten seconds and lasts three', async () => {
  const { page, context } = await openPage(browser, { viewport: MOBILE })
  // Control time and chance in the browser: every roll succeeds. Time stands still from before
  // the page starts, so the field's timer starts at a known instant however slow the machine.
  await stopClock(context)
  await context.addInitScript(() => {
    Math.random = () => 0.1
  })
  await page.goto('/demo-stars')
  // The field has started (its effects have run) once the page view is tracked.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('starfinity-session-id')))
    .toBeTruthy()
  const streak = page.locator('[data-shooting-star]')
  await page.clock.runFor(8000)
  await expect(streak.count()).resolves.toBe(0)
  await page.clock.runFor(2100)
  await expect(streak.count()).resolves.toBe(1)
  await expect(page.getByText('Shooting stars seen: 1').isVisible()).resolves.toBe(true)
  await page.clock.runFor(3100)
  await expect(streak.count()).resolves.toBe(0)

  // With the animation off, none appear.
  await page.getByRole('button', { name: 'Animation: On' }).click()
  await page.clock.runFor(20_000)
  await expect(streak.count()).resolves.toBe(0)
  await screenshot(page, 'demo-stars-mobile')
  await context.close()
})

test('/demo-stars respects reduced motion: no twinkling', async () => {
  const { page, context } = await openPage(browser)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/demo-stars')
  const name = await page
    .getByTestId('star-sky')
    .locator('[data-star-count] span')
    .first()
    .evaluate((dot) => getComputedStyle(dot).animationName)
  expect(name).toBe('none')
  await context.close()
})

test('the demo pages have no serious or critical accessibility violation', async () => {
  for (const path of ['/demo', '/demo-stars']) {
    const { page, context } = await openPage(browser)
    await page.goto(path)
    await page.getByRole('status').filter({ hasText: 'Loading the cosmos...' }).waitFor({
      state: 'detached',
      timeout: 6000,
    })
    await expect(seriousViolations(page)).resolves.toEqual([])
    await context.close()
  }
})
