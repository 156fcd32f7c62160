/**
 * Input no route can use is answered 400 or 404, never 500: ids that are not ids, pages below one,
 * a NUL character anywhere, files that do not exist, doors the product does not have, and paths that
 * cannot go into a Location header as they are.
 */
import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exitPreview } from '@/app/(frontend)/preview/open-preview'
import { proxy } from '@/proxy'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

describe('bad input from anyone', () => {
  it('answers 404 for a document id that cannot exist and 400 for a query that cannot be run', async () => {
    const answers: Record<string, number> = {}
    for (const path of [
      '/articles/abc',
      '/articles/1.5',
      '/waitlist-entries/abc',
      '/media/file/no-such-file.png',
    ])
      answers[path] = (await app.request('GET', path)).status
    for (const path of [
      '/articles?page=-5',
      '/articles?where[id][in]=1,abc',
      '/articles?where[id][equals]=1.5',
      '/articles?where[slug][equals]=%00',
      '/faq-items?where[question][like]=a%00b',
    ])
      answers[path] = (await app.request('GET', path)).status
    answers['POST /users/verify/abc'] = (await app.request('POST', '/users/verify/abc')).status
    expect(answers).toEqual({
      '/articles/abc': 404,
      '/articles/1.5': 404,
      '/waitlist-entries/abc': 403,
      '/media/file/no-such-file.png': 404,
      '/articles?page=-5': 400,
      '/articles?where[id][in]=1,abc': 400,
      '/articles?where[id][equals]=1.5': 400,
      '/articles?where[slug][equals]=%00': 400,
      '/faq-items?where[question][like]=a%00b': 400,
      'POST /users/verify/abc': 404,
    })
    const page = await app.request('GET', '/articles?page=-5')
    expect(page.body.errors[0].message).toBeTruthy()
    expect((await app.request('GET', '/health')).status).toBe(200)
  })

  it('answers 400 for a NUL character in a sign-in, naming the field', async () => {
    const body = { username: 'admin\u0000', password: 'whatever-password' }
    const admin = await app.request('POST', '/admin/login', { body })
    expect(admin.status, admin.text).toBe(400)
    expect(admin.body.errors).toEqual({ username: 'Must not contain control characters' })
    const payloadShape = await app.request('POST', '/users/login', { body })
    expect(payloadShape.status, payloadShape.text).toBe(400)
    expect(payloadShape.body.errors[0].message).toBe('Must not contain control characters')
  })

  it('refuses a page address holding a NUL character with 400 before any page reads it', () => {
    for (const url of [
      'http://localhost:3000/insights/%00',
      'http://localhost:3000/email/preferences?token=%00',
      'http://localhost:3000/api/articles?where[slug][equals]=%00',
    ]) {
      const res = proxy(new NextRequest(url))
      expect(res.status, url).toBe(400)
      expect(res.headers.get('content-security-policy')).toBeTruthy()
    }
    expect(proxy(new NextRequest('http://localhost:3000/insights/a-story')).status).toBe(200)
  })

  it('leaves preview for a path that cannot go into a header as it is, percent-encoded', () => {
    const draft = { isEnabled: true, enable: () => undefined, disable: () => undefined }
    const res = exitPreview(
      new Request('http://localhost:3000/preview/exit?path=/%E2%80%A8insights'),
      draft as never,
    )
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/%E2%80%A8insights')
  })

  it("serves uploaded files with a policy under which an SVG runs no script, not the pages' policy", () => {
    const res = proxy(new NextRequest('http://localhost:3000/api/media/file/logo.svg'))
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'none'")
    expect(policy).not.toMatch(/nonce-/)
  })
})
