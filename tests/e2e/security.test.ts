import { createHash } from 'node:crypto'
import http from 'node:http'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inject } from 'vitest'

import { PUBLIC_ROUTES } from '@/lib/routes'
import { contentSecurityPolicy, staticSecurityHeaders } from '@/lib/security-headers'

import { gotoStarted, launchBrowser, openPage, query, screenshot } from './helpers/browser'
import { signIn } from './helpers/admin'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/)
      return [name, values] as const
    }),
  )

/**
 * The headers every response carries; returns the policy's script sources. Only the admin may frame
 * the site's own pages (its live preview pane, decision 0120).
 */
const expectSecurityHeaders = (headers: Headers, { isAdmin = false } = {}) => {
  const policy = headers.get('content-security-policy')
  expect(policy).toBeTruthy()
  const csp = directives(policy!)
  const scripts = csp.get('script-src') ?? []
  expect(scripts[0]).toBe("'self'")
  expect(scripts).not.toContain("'unsafe-inline'")
  expect(scripts).not.toContain("'unsafe-eval'")
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'self'"])
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.get('form-action')).toEqual(["'self'"])
  expect(csp.get('frame-src')).toEqual([
    ...(isAdmin ? ["'self'"] : []),
    'https://www.youtube-nocookie.com',
  ])
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(headers.get('permissions-policy')).toContain('camera=()')
  // The test server is plain http: no HSTS there.
  expect(headers.get('strict-transport-security')).toBeNull()
  return scripts
}

/** A response rendered per request: a nonce, and the scripts it loads are trusted. */
const expectNoncePolicy = (headers: Headers, options: { isAdmin?: boolean } = {}) => {
  const scripts = expectSecurityHeaders(headers, options)
  expect(scripts).toContain("'strict-dynamic'")
  const nonce = scripts.find((value) => value.startsWith("'nonce-"))
  expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/)
  return nonce!.slice("'nonce-".length, -1)
}

/**
 * A request exactly as written (fetch adds some headers and refuses a body on a GET): its status,
 * headers and body text.
 */
const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const request = http.request(
      new URL(path, inject('baseURL')),
      { method, headers },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          const received = new Headers()
          for (const [name, value] of Object.entries(response.headers))
            for (const one of [value ?? []].flat()) received.append(name, one)
          resolve({ status: response.statusCode ?? 0, headers: received, text })
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

describe('security headers', () => {
  test('a cached page: one policy listing the hash of each of its inline scripts, nothing else', async () => {
    const base = inject('baseURL')
    for (const path of ['/', '/faq', '/waitlist', '/insights/stories-behind-the-stories']) {
      const response = await fetch(`${base}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-nextjs-cache'), path).toMatch(/HIT|STALE|MISS/)
      const scripts = expectSecurityHeaders(response.headers)
      expect(response.headers.get('content-security-policy'), path).not.toContain(',')
      expect(scripts.some((value) => value.startsWith("'nonce-"))).toBe(false)
      expect(scripts).not.toContain("'strict-dynamic'")
      const html = await response.text()
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/\ssrc=/.test(attributes))
        .map(([, , text]) => `'sha256-${sha256(text)}'`)
      expect(inline.length, path).toBeGreaterThan(0)
      expect(scripts.slice(1).sort(), path).toEqual([...new Set(inline)].sort())
    }
  })

  test('a page rendered per request: a fresh nonce per response, carried by every script', async () => {
    const base = inject('baseURL')
    const first = await fetch(`${base}/newsletter/confirm?token=nothing`)
    const second = await fetch(`${base}/newsletter/confirm?token=nothing`)
    expect(first.status).toBe(200)
    const nonce = expectNoncePolicy(first.headers)
    expect(expectNoncePolicy(second.headers)).not.toBe(nonce)
    const html = await first.text()
    const scripts = html.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  test('an API route, the 404 page and the admin carry them too', async () => {
    const base = inject('baseURL')
    for (const [path, status] of [
      ['/api/status', 200],
      ['/api/health', 200],
      ['/no-such-page', 404],
      ['/admin/login', 200],
      ['/robots.txt', 200],
    ] as const) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' })
      expect.soft(response.status, path).toBe(status)
      expectNoncePolicy(response.headers, { isAdmin: path.startsWith('/admin') })
    }
  })

  test('every answer carries a policy: no body, an empty body, a form body; uploaded files keep theirs', async () => {
    const body = 'username=someone&password=not-the-password'
    const formBody = {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
    }
    // Rendered per request (a page, the admin's sign-in), with no body and with an empty one: the
    // nonce policy, carried by every script.
    for (const path of ['/newsletter/confirm?token=nothing', '/admin/login']) {
      for (const headers of [{}, { 'content-length': '0' }] as Record<string, string>[]) {
        const res = await raw('GET', path, headers)
        const label = `GET ${path} ${JSON.stringify(headers)}`
        expect(res.status, label).toBe(200)
        const nonce = expectNoncePolicy(res.headers, { isAdmin: path.startsWith('/admin') })
        const scripts = res.text.match(/<script\b[^>]*>/g) ?? []
        expect(scripts.length, label).toBeGreaterThan(0)
        for (const tag of scripts) expect(tag, label).toContain(`nonce="${nonce}"`)
      }
    }
    // A cached page with an empty body: its own policy, once.
    const cached = await raw('GET', '/faq', { 'content-length': '0' })
    expect(cached.status).toBe(200)
    expectSecurityHeaders(cached.headers)
    expect(cached.headers.get('content-security-policy')).not.toContain(',')
    // A form body to a page and to the admin's sign-in: a policy under which no script runs.
    for (const path of ['/faq', '/newsletter/confirm?token=nothing', '/admin/login']) {
      const res = await raw('POST', path, formBody, body)
      const policy = res.headers.get('content-security-policy') ?? ''
      expect(policy, `POST ${path}: ${res.status}`).toBeTruthy()
      expect(policy, path).not.toContain(',')
      const csp = directives(policy)
      expect(csp.get('script-src'), path).toEqual(["'none'"])
      expect(csp.get('object-src'), path).toEqual(["'none'"])
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"])
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
    // An uploaded SVG: the upload policy (no script), with or without an empty body.
    const [svg] = await query<{ filename: string }>(
      "select filename from media where mime_type = 'image/svg+xml' order by id limit 1",
    )
    for (const headers of [{}, { 'content-length': '0' }] as Record<string, string>[]) {
      const res = await raw('GET', `/api/media/file/${svg!.filename}`, headers)
      const label = `SVG ${JSON.stringify(headers)}`
      expect(res.status, label).toBe(200)
      expect(res.headers.get('content-type'), label).toContain('image/svg+xml')
      const policy = res.headers.get('content-security-policy') ?? ''
      expect(policy, label).not.toContain(',')
      expect(directives(policy).get('script-src'), label).toEqual(["'none'"])
    }
  })

  test('an https site shows only https images; a plain-http one also http (loopback store)', () => {
    const images = (https: boolean) =>
      directives(contentSecurityPolicy({ scripts: { nonce: 'n' }, dev: false, https })).get(
        'img-src',
      )
    expect(images(true)).toEqual(["'self'", 'data:', 'blob:', 'https:'])
    expect(images(false)).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:'])
  })

  test('HSTS and upgrade-insecure-requests only for an https site', () => {
    expect(staticSecurityHeaders({ https: true })['Strict-Transport-Security']).toMatch(
      /^max-age=\d{8,}/,
    )
    expect(staticSecurityHeaders({ https: false })).not.toHaveProperty('Strict-Transport-Security')
    expect(contentSecurityPolicy({ scripts: { nonce: 'n' }, dev: false, https: true })).toContain(
      'upgrade-insecure-requests',
    )
    expect(
      contentSecurityPolicy({ scripts: { nonce: 'n' }, dev: false, https: false }),
    ).not.toContain('upgrade-insecure-requests')
  })
})

/** Records every CSP violation the page reports, from before its first script. */
const watchViolations = async (page: Page) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    )
  })
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)
}

const cspErrors = (errors: string[]) =>
  errors.filter((error) => /content security policy|refused to/i.test(error))

describe('no policy violation in Chromium', () => {
  test('home runs its scripts (hydrated, tracker) without a violation', async () => {
    const { page, context, consoleErrors } = await openPage(browser)
    const violations = await watchViolations(page)
    // Proof that the scripts ran (the page view is sent only by hydrated client code).
    await gotoStarted(page, '/')
    expect(await violations()).toEqual([])
    expect(cspErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  test('no public route reports a violation, and the scripts of each one run', async () => {
    const { page, context, consoleErrors } = await openPage(browser)
    const violations = await watchViolations(page)
    for (const path of [...PUBLIC_ROUTES, '/insights/the-quiet-minute']) {
      await gotoStarted(page, path)
      expect.soft(await violations(), path).toEqual([])
    }
    expect(cspErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  test('the admin signs in and shows the dashboard without a violation', async () => {
    const { page, context, consoleErrors } = await openPage(browser)
    const violations = await watchViolations(page)
    // The sign-in form and its second step (a full admin's), as a person fills them.
    await signIn(page, 'full')
    // The dashboard's charts are drawn by its client code: proof that its scripts ran.
    await page.getByRole('img', { name: 'Page views per day' }).waitFor()
    // Payload's own editing views: a rich-text document (the Lexical editor).
    const firstArticle = await query<{ id: number }>('select id from articles order by id limit 1')
    await page.goto(`/admin/collections/articles/${firstArticle[0].id}`)
    await page.locator('[contenteditable="true"]').first().waitFor({ timeout: 30_000 })
    await screenshot(page, 'security-admin-rich-text')
    expect(await violations()).toEqual([])
    expect(cspErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})
