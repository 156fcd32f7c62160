import { describe, expect, inject, test } from 'vitest'

import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from '@/lib/cache-control'
import { PUBLIC_ROUTES } from '@/lib/routes'

import { E2E_USERS } from './helpers/users'

/**
 * What the site tells shared caches (decision 0151): public pages for seconds, never a year;
 * anything personal or per request, nothing.
 */
const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${inject('baseURL')}${path}`, { headers, redirect: 'manual' })
  await response.arrayBuffer()
  return response
}

const NOT_STORED = /\bno-store\b/

describe('Cache-Control', () => {
  test('every cached public page may be kept by a shared cache for seconds only', async () => {
    for (const route of [
      ...PUBLIC_ROUTES,
      '/insights/making-the-theme-song',
      '/waitlist?product=earth-app',
    ]) {
      const response = await get(route)
      expect.soft(response.status, route).toBe(200)
      expect.soft(response.headers.get('cache-control'), route).toBe(PUBLIC_PAGE_CACHE_CONTROL)
      expect.soft(response.headers.get('set-cookie'), route).toBeNull()
    }
    expect(PUBLIC_PAGE_CACHE_CONTROL).not.toMatch(/31536000/)
  })

  test('an unknown article answers 404 with the same short header', async () => {
    const response = await get(`/insights/no-such-article-${Date.now()}`)
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL)
  })

  test('the API, the admin and the per-request pages are never stored by a shared cache', async () => {
    const paths = [
      '/api/articles',
      '/api/faq-items?limit=1',
      '/api/users/me',
      '/api/health',
      '/admin',
      '/admin/login',
      '/waitlist/confirm?token=nothing',
      '/waitlist/status?token=nothing',
      '/newsletter/confirm?token=nothing',
      '/email/preferences?token=nothing',
      '/email/data?token=nothing',
    ]
    for (const path of paths) {
      const response = await get(path)
      expect.soft(response.headers.get('cache-control'), path).toMatch(NOT_STORED)
      expect.soft(response.headers.get('cache-control'), path).toMatch(/\bprivate\b/)
    }
    expect(PRIVATE_CACHE_CONTROL).toMatch(NOT_STORED)
  })

  test('a signed-in answer with a cookie is private; the public page stays the same for everyone', async () => {
    const { username, password } = E2E_USERS.editor
    const login = await fetch(`${inject('baseURL')}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
    expect(cookie).toMatch(/^payload-token=/)
    const me = await get('/api/users/me', { cookie })
    expect(me.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL)
    const page = await get('/faq', { cookie })
    expect(page.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL)
    expect(page.headers.get('set-cookie')).toBeNull()
  })
})
