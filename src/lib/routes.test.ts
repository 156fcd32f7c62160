import { describe, expect, test } from 'vitest'

import { PUBLIC_ROUTES, isCachedPage } from './routes'

describe('isCachedPage', () => {
  test('every public route, article, listing page and waitlist product page is cached', () => {
    for (const path of [
      ...PUBLIC_ROUTES,
      '/insights/a-story',
      '/insights/page/2',
      '/waitlist/earth-app',
    ]) {
      expect(isCachedPage(path), path).toBe(true)
    }
    expect(isCachedPage('/faq/')).toBe(true)
  })

  test('a person’s own pages and everything else are rendered per request', () => {
    for (const path of [
      '/waitlist/confirm',
      '/waitlist/status',
      '/waitlist/status/',
      '/email/preferences',
      '/newsletter/confirm',
      '/admin',
      '/api/articles',
      '/preview',
    ]) {
      expect(isCachedPage(path), path).toBe(false)
    }
  })
})
