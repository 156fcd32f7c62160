import { NextRequest } from 'next/server'
import {
  unstable_doesMiddlewareMatch,
  unstable_getResponseFromNextConfig,
} from 'next/experimental/testing/server'
import { describe, expect, it } from 'vitest'

import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from '@/lib/cache-control'
import { proxy, config as proxyConfig } from '@/proxy'

import nextConfig from '../../next.config.mjs'

const MB = 1024 * 1024

describe('the proxy matcher', () => {
  it('the proxy (which makes Next.js buffer the body) never runs for a request with a body', () => {
    const matches = (url: string, headers: Record<string, string> = {}) =>
      unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers })
    // Pages and body-less API calls still get the policy and headers from the proxy.
    expect(matches('/')).toBe(true)
    expect(matches('/waitlist')).toBe(true)
    expect(matches('/api/health')).toBe(true)
    expect(matches('/admin/login')).toBe(true)
    // Anything with a body streams straight to its route.
    expect(matches('/api/newsletter', { 'content-length': String(10 * MB) })).toBe(false)
    expect(matches('/api/contact', { 'transfer-encoding': 'chunked' })).toBe(false)
    expect(matches('/admin/collections/users', { 'content-length': '120' })).toBe(false)
    expect(matches('/admin/login', { 'content-length': '10' })).toBe(false)
    // An empty body is none: such a request gets the policy and headers from the proxy.
    expect(matches('/faq', { 'content-length': '0' })).toBe(true)
    expect(matches('/api/media/file/logo.svg', { 'content-length': '0' })).toBe(true)
    expect(matches('/faq', { 'content-length': '0', 'transfer-encoding': 'chunked' })).toBe(false)
    // A path whose escapes may not decode, with a body too: the proxy refuses a broken one.
    for (const url of ['/api/%E0%A4%A', '/%', '/admin/%zz', '/insights/caf%C3%A9'])
      expect(matches(url, { 'content-length': '120' }), url).toBe(true)
    expect(matches('/api/contact%20form', { 'content-length': '120' })).toBe(false)
  })
})

describe('the proxy, in front of every route', () => {
  const answer = (url: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(`http://localhost:3000${url}`, { headers }))

  it('answers a path with a broken percent escape 400 in the API’s error shape, never a 500', async () => {
    for (const path of [
      '/%E0%A4%A',
      '/terms%E0%A4%A',
      '/insights/%E0%A4%A',
      '/admin/%E0%A4%A',
      '/api/%E0%A4%A',
      '/api/articles/%E0%A4%A',
      '/api/media/file/%E0%A4%A',
      '/%',
      '/%zz',
    ]) {
      const res = answer(path)
      expect(res.status, path).toBe(400)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      expect(await res.json(), path).toEqual({
        message: 'The address holds a character that cannot be used.',
      })
    }
    // Whole escapes are addresses like any other.
    for (const path of ['/insights/caf%C3%A9', '/terms', '/api/articles/%31'])
      expect(answer(path).status, path).toBe(200)
  })
})

describe('what next.config.mjs tells shared caches', () => {
  const cacheControl = async (
    url: string,
    headers: Record<string, string> = {},
    cookies: Record<string, string> = {},
  ) =>
    (
      await unstable_getResponseFromNextConfig({
        url: `http://localhost:3000${url}`,
        nextConfig,
        headers,
        cookies,
      })
    ).headers.get('cache-control')

  it('cached pages: public for seconds; a person’s own pages and draft mode: nothing said here', async () => {
    for (const url of ['/', '/terms', '/community', '/insights/a-story', '/waitlist/earth-app'])
      expect(await cacheControl(url), url).toBe(PUBLIC_PAGE_CACHE_CONTROL)
    for (const url of ['/waitlist/confirm', '/waitlist/status/', '/email/preferences', '/admin'])
      expect(await cacheControl(url), url).toBeNull()
    expect(await cacheControl('/faq', {}, { __prerender_bypass: '1' }), 'draft mode').toBeNull()
  })

  it('the App Router’s requests and requests with a body: private, whatever the page', async () => {
    const shapes: Record<string, string>[] = [
      { rsc: '1' },
      { 'next-router-prefetch': '1' },
      { 'next-router-state-tree': '%5B%22%22%5D' },
      { 'next-router-segment-prefetch': '/_tree' },
      { 'next-url': '/faq' },
      { 'next-action': 'abc' },
      { 'content-length': '1' },
      { 'transfer-encoding': 'chunked' },
    ]
    for (const headers of shapes) {
      for (const url of ['/community', '/terms', '/insights/a-story', '/admin']) {
        expect(await cacheControl(url, headers), `${url} ${JSON.stringify(headers)}`).toBe(
          PRIVATE_CACHE_CONTROL,
        )
      }
    }
    expect(await cacheControl('/community?_rsc=abc')).toBe(PRIVATE_CACHE_CONTROL)
  })
})
