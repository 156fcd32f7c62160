import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js'

import { contentSecurityPolicy, isHttpsSite } from '../csp.mjs'
import { inlineScriptHashes } from './script-hashes.mjs'

// Node's own loader gives the CommonJS exports object; Next's bundler gives its default export.
const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule
const POLICY_HEADER = 'content-security-policy'

/**
 * Next.js's own page cache (files under the build directory, an in-memory copy in front) that
 * gives every cached page the Content-Security-Policy listing the hashes of its inline scripts
 * (decision 0070). The header is computed when the page is stored (the response of that render
 * carries it too) and again when a page stored by the build is first read, so the policy follows
 * the running server's settings, not the build's.
 */
export default class PageCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    const entry = await super.get(key, ctx)
    if (entry?.value) withScriptPolicy(entry.value)
    return entry
  }

  async set(key, data, ctx) {
    if (data) withScriptPolicy(data)
    return super.set(key, data, ctx)
  }
}

const policies = new WeakMap()

/** Adds the policy to a cached page's headers, in place: the same object is served. */
const withScriptPolicy = (value) => {
  if (value.kind !== 'APP_PAGE' || typeof value.html !== 'string' || !value.html) return
  let policy = policies.get(value)
  if (!policy) {
    policy = contentSecurityPolicy({
      scripts: { hashes: inlineScriptHashes(value.html) },
      dev: false,
      https: isHttpsSite(),
    })
    policies.set(value, policy)
  }
  if (value.headers?.[POLICY_HEADER] === policy) return
  value.headers = { ...value.headers, [POLICY_HEADER]: policy }
}
