/**
 * Redirects editors keep (plugin-redirects): a target is a page of the site or an http(s) address,
 * never a script or another scheme, and a saved, changed or deleted redirect refreshes the cached
 * page of its old path, so a deleted one stops answering.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
let editor: string
beforeAll(async () => {
  app = await startApp()
  editor = await app.createUser('editor-redirects', 'editor')
})
afterAll(async () => app?.close())

const create = (from: string, url: string) =>
  app.request('POST', '/redirects', {
    token: editor,
    body: { from, to: { type: 'custom', url }, type: '308' },
  })

describe('redirects', () => {
  it('refuses a target that is not a site path or an http(s) address, and a source that is not a site path (400 naming the field)', async () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/phish',
      'ftp://example.com/file',
      '/\\evil.example',
    ]) {
      const res = await create(`/insights/bad-${Math.random().toString(36).slice(2)}`, url)
      expect(res.status, `${url}: ${res.text}`).toBe(400)
      expect(res.body.errors[0].data.errors[0].path).toBe('to.url')
    }
    const badSource = await create('https://example.com/x', '/insights')
    expect(badSource.status, badSource.text).toBe(400)
    expect(badSource.body.errors[0].data.errors[0].path).toBe('from')

    for (const url of [
      '/insights/new-home',
      'https://shop.example.com/product',
      'http://example.com/',
    ]) {
      const res = await create(`/insights/good-${Math.random().toString(36).slice(2)}`, url)
      expect(res.status, `${url}: ${res.text}`).toBe(201)
    }
  })

  it('refreshes the cached page of its old path when a redirect is saved, changed or deleted', async () => {
    const warn = vi.spyOn(app.payload.logger, 'warn')
    const refreshed = () =>
      warn.mock.calls
        .map(([entry]) => entry as { msg?: string; paths?: string[] })
        .filter((entry) => entry.msg === 'revalidation skipped')
        .flatMap((entry) => entry.paths ?? [])
    const created = await create('/insights/moved-away', '/insights/new-place')
    expect(created.status, created.text).toBe(201)
    expect(refreshed()).toContain('/insights/moved-away')

    warn.mockClear()
    const id = created.body.doc.id
    const changed = await app.request('PATCH', `/redirects/${id}`, {
      token: editor,
      body: { from: '/insights/moved-again' },
    })
    expect(changed.status, changed.text).toBe(200)
    expect(refreshed()).toEqual(
      expect.arrayContaining(['/insights/moved-again', '/insights/moved-away']),
    )

    warn.mockClear()
    const deleted = await app.request('DELETE', `/redirects/${id}`, { token: editor })
    expect(deleted.status, deleted.text).toBe(200)
    expect(refreshed()).toContain('/insights/moved-again')
    warn.mockRestore()
  })
})
