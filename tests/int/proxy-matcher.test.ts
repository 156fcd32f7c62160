import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server'
import { describe, expect, it } from 'vitest'

import { config as proxyConfig } from '@/proxy'

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
  })
})
