import { createHash } from 'node:crypto'

import { describe, expect, test } from 'vitest'

import { contentSecurityPolicy } from '../csp.mjs'
import { inlineScriptHashes } from './script-hashes.mjs'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

describe('inlineScriptHashes', () => {
  test('hashes the exact text of each inline script, in order, once each', () => {
    const bootstrap = '(self.__next_f=self.__next_f||[]).push([0])'
    const flight = 'self.__next_f.push([1,"0:{\\"a\\":\\"\\u003c/script>é\\"}\\n"])'
    const html =
      `<html><head><script src="/_next/static/chunks/a.js" async=""></script>` +
      `<script>${bootstrap}</script></head><body><p>hi</p>` +
      `<script nonce="abc">${flight}</script>` +
      `<script>${bootstrap}</script>` +
      `<SCRIPT type="module">\n  run()\n</SCRIPT >` +
      `<script type="application/ld+json">{"@type":"Organization"}</script>` +
      `<script src='/x.js'></script></body></html>`
    expect(inlineScriptHashes(html)).toEqual([
      sha256(bootstrap),
      sha256(flight),
      sha256('\n  run()\n'),
    ])
  })

  test('an empty inline script has the hash of the empty string; a page without any has none', () => {
    expect(inlineScriptHashes('<script></script>')).toEqual([sha256('')])
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>')).toEqual([])
  })

  test('the hashes become script sources of a policy without nonce or unsafe-inline', () => {
    const policy = contentSecurityPolicy({
      scripts: { hashes: inlineScriptHashes('<script>a()</script><script>b()</script>') },
      dev: false,
      https: true,
    })
    const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src '))
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${sha256('a()')}' 'sha256-${sha256('b()')}'`)
    expect(scriptSrc).not.toMatch(/unsafe|nonce/)
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
  })
})
