import { DraftModeProvider } from 'next/dist/server/async-storage/draft-mode-provider'
import { RequestCookiesAdapter } from 'next/dist/server/web/spec-extension/adapters/request-cookies'
import { RequestCookies, ResponseCookies } from 'next/dist/server/web/spec-extension/cookies'
import { NextRequest } from 'next/server'
import type { LivePreviewConfig, PayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exitPreview, openPreview } from '@/app/(frontend)/preview/open-preview'
import { previewPath, previewSecret } from '@/lib/content/preview'
import { isSitePath } from '@/lib/links'
import { DRAFT_MODE_COOKIE } from '@/lib/routes'
import { proxy } from '@/proxy'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
const tokens: Record<'full' | 'demo' | 'editor', string> = { full: '', demo: '', editor: '' }
const PREVIEW_MODE_ID = 'preview-mode-id-of-this-build'

beforeAll(async () => {
  app = await startApp()
  for (const level of ['full', 'demo', 'editor'] as const)
    tokens[level] = await app.createUser(`preview-${level}`, level)
}, 120_000)

afterAll(async () => {
  await app?.close()
})

/**
 * Calls the preview route's handler with Next.js's own draft mode (the provider a route handler
 * gets), and returns the answer and the Set-Cookie Next.js would send with it.
 */
const preview = async (
  query: Record<string, string>,
  { token, cookie, exit = false }: { token?: string; cookie?: string; exit?: boolean } = {},
) => {
  const headers = new Headers()
  if (token) headers.set('authorization', `JWT ${token}`)
  if (cookie) headers.set('cookie', cookie)
  const responseCookies = new ResponseCookies(new Headers())
  const draft = new DraftModeProvider(
    { previewModeId: PREVIEW_MODE_ID, previewModeEncryptionKey: '', previewModeSigningKey: '' },
    headers,
    RequestCookiesAdapter.seal(new RequestCookies(headers)),
    responseCookies,
  )
  const request = new Request(
    `http://localhost:3000/preview${exit ? '/exit' : ''}?${new URLSearchParams(query)}`,
    { headers },
  )
  const response = exit ? exitPreview(request, draft) : await openPreview(request, draft)
  const text = await response.text()
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: text ? JSON.parse(text) : undefined,
    draftCookie: responseCookies.get(DRAFT_MODE_COOKIE),
    isEnabled: draft.isEnabled,
  }
}

const link = (path: string) => ({ path, secret: previewSecret(path) })

describe('the preview route', () => {
  it('an editor with a valid link gets draft mode and the page', async () => {
    const result = await preview(link('/insights/a-draft'), { token: tokens.editor })
    expect(result.status).toBe(307)
    expect(result.location).toBe('/insights/a-draft')
    expect(result.draftCookie?.value).toBe(PREVIEW_MODE_ID)
    expect(result.draftCookie?.httpOnly).toBe(true)
    expect(result.isEnabled).toBe(true)
  })

  it('full admins and demo users (who read drafts in the admin) get draft mode too', async () => {
    for (const level of ['full', 'demo'] as const) {
      const result = await preview(link('/characters'), { token: tokens[level] })
      expect(result.status, level).toBe(307)
      expect(result.draftCookie?.value, level).toBe(PREVIEW_MODE_ID)
    }
  })

  it('a visitor with the same link gets the published page, and draft mode is switched off', async () => {
    const result = await preview(link('/insights/a-draft'), {
      cookie: `${DRAFT_MODE_COOKIE}=${PREVIEW_MODE_ID}`,
    })
    expect(result.status).toBe(307)
    expect(result.location).toBe('/insights/a-draft')
    // The cookie is deleted (empty, expired), never set.
    expect(result.draftCookie?.value).toBe('')
    expect(result.draftCookie?.expires?.valueOf()).toBe(0)
    expect(result.isEnabled).toBe(false)
  })

  it('a wrong or missing secret is refused, even for an editor; no draft mode', async () => {
    for (const secret of ['', 'not-the-secret', previewSecret('/another-page')]) {
      const result = await preview({ path: '/insights/a-draft', secret }, { token: tokens.editor })
      expect(result.status, secret).toBe(403)
      expect(result.body.message).toMatch(/not valid/)
      expect(result.draftCookie).toBeUndefined()
    }
  })

  it('a path that is not a page of this site is a 400 naming the field', async () => {
    for (const path of [
      '',
      'insights',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      const result = await preview({ path, secret: previewSecret(path) }, { token: tokens.editor })
      expect(result.status, path).toBe(400)
      expect(result.body.errors.path).toMatch(/path on this site/)
      expect(result.draftCookie).toBeUndefined()
    }
    expect(isSitePath('/insights/a-draft?x=1')).toBe(true)
  })

  it('/preview/exit switches draft mode off and goes back to the page (never off the site)', async () => {
    const back = await preview({ path: '/characters' }, { exit: true, token: tokens.editor })
    expect(back.status).toBe(307)
    expect(back.location).toBe('/characters')
    expect(back.draftCookie?.value).toBe('')
    const away = await preview({ path: '//evil.example' }, { exit: true })
    expect(away.location).toBe('/')
  })

  it('checks the path as the browser resolves it: dot segments that leave //host go home, never off the site', async () => {
    const offSite = [
      '/.//evil.example/login',
      '/%2e//evil.example/login',
      '/%2E%2E//evil.example/login',
      '/a/..//evil.example/login',
      '/a/%2e%2e//evil.example/login',
      '/./%2e/..//evil.example',
    ]
    for (const path of offSite) {
      const exit = await preview({ path }, { exit: true })
      expect(exit.status, path).toBe(307)
      expect(exit.location, path).toBe('/')
      // Every redirect shares the rule: a preview link and a saved redirect refuse it too.
      const open = await preview({ path, secret: previewSecret(path) }, { token: tokens.editor })
      expect(open.status, path).toBe(400)
      expect(open.location, path).toBeNull()
      const saved = await app.request('POST', '/redirects', {
        token: tokens.editor,
        body: { from: '/insights/dots', to: { type: 'custom', url: path }, type: '308' },
      })
      expect(saved.status, `${path}: ${saved.text}`).toBe(400)
      expect(saved.body.errors[0].data.errors[0].path).toBe('to.url')
    }
    // A path with dot segments that stays on the site goes where the browser would go.
    const resolved = await preview({ path: '/insights/./a/../night-sky?x=1#top' }, { exit: true })
    expect(resolved.location).toBe('/insights/night-sky?x=1#top')
  })
})

describe('preview links in the admin', () => {
  const urlFor = async (
    url: LivePreviewConfig['url'],
    data: Record<string, unknown>,
    user: PayloadRequest['user'],
  ) =>
    typeof url === 'function'
      ? url({ data, req: { user } as PayloadRequest } as Parameters<typeof url>[0])
      : url

  it('are made for users who read drafts only, and carry a secret for their own path', async () => {
    const articles = app.payload.collections.articles.config.admin
    const editor = (
      await app.payload.find({
        collection: 'users',
        where: { username: { equals: 'preview-editor' } },
      })
    ).docs[0] as PayloadRequest['user']
    const url = await urlFor(articles.livePreview?.url, { slug: 'night-sky' }, editor)
    expect(url).toBe(previewPath('/insights/night-sky'))
    const params = new URL(String(url), 'http://localhost').searchParams
    expect(params.get('secret')).toBe(previewSecret('/insights/night-sky'))
    expect(await urlFor(articles.livePreview?.url, { slug: 'night-sky' }, null)).toBeNull()
    expect(
      await articles.preview?.({ slug: 'night-sky' }, { req: { user: null } } as never),
    ).toBeNull()

    const settings = app.payload.globals.config.find((g) => g.slug === 'site-settings')!.admin
    expect(await urlFor(settings.livePreview?.url, {}, editor)).toBe(previewPath('/'))
    const characters = app.payload.collections.characters.config.admin
    expect(await urlFor(characters.livePreview?.url, {}, editor)).toBe(previewPath('/characters'))
  })
})

describe('the policy of previews', () => {
  const policyOf = (path: string, cookie?: string) => {
    const request = new NextRequest(`http://localhost:3000${path}`, {
      headers: cookie ? { cookie } : {},
    })
    const response = proxy(request)
    return {
      csp: response.headers.get('content-security-policy'),
      frameOptions: response.headers.get('x-frame-options'),
    }
  }
  const draftCookie = `${DRAFT_MODE_COOKIE}=${PREVIEW_MODE_ID}`

  it("only previews may be framed, by the site itself; everything else stays 'none'", () => {
    // The preview route, and a public page in draft mode (rendered per request, with a nonce).
    for (const { csp, frameOptions } of [
      policyOf('/preview?path=/'),
      policyOf('/insights/a-draft', draftCookie),
      policyOf('/', draftCookie),
    ]) {
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
      expect(frameOptions).toBe('SAMEORIGIN')
    }
    // A cached page brings its own policy (frame-ancestors 'none', decision 0070): none added.
    expect(policyOf('/insights/a-draft').csp).toBeNull()
    expect(policyOf('/insights/a-draft').frameOptions).toBe('DENY')
    // Pages rendered per request, the admin and the API: never framed, cookie or not.
    for (const path of ['/email/preferences', '/admin', '/api/articles', '/newsletter/confirm']) {
      const { csp, frameOptions } = policyOf(path, draftCookie)
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(frameOptions, path).toBe('DENY')
    }
    // The admin frames the site's own pages (its live preview); public pages frame only video.
    expect(policyOf('/admin/collections/articles/1').csp).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com",
    )
    expect(policyOf('/email/preferences').csp).toContain(
      'frame-src https://www.youtube-nocookie.com;',
    )
  })
})
