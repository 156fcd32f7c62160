import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js'
import TagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js'

import { contentSecurityPolicy, isHttpsSite } from '../csp.mjs'
import { metrics } from '../metrics/registry.mjs'
import { inlineScriptHashes } from './script-hashes.mjs'
import { caughtUp, listenForRevalidations, shareRevalidation } from './shared-revalidation.mjs'

// Node's own loader gives the CommonJS exports object; Next's bundler gives its default export.
const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule
/** Next's record of when each tag was revalidated, which its cache reads before serving a page. */
const { tagsManifest } = TagsManifestModule.default ?? TagsManifestModule
const POLICY_HEADER = 'content-security-policy'
// The tags of a cached page: its path and layouts (implicit tags), as `revalidatePath` names them.
const TAGS_HEADER = 'x-next-cache-tags'

/**
 * Next.js's own page cache (files under the build directory, an in-memory copy in front) that
 * gives every cached page the Content-Security-Policy listing the hashes of its inline scripts
 * (decision 0070). The header is computed when the page is stored (the response of that render
 * carries it too) and again when a page stored by the build is first read, so the policy follows
 * the running server's settings, not the build's.
 *
 * A render that a revalidation of its page overtook is not stored. Next stamps an entry with the
 * time it is stored, not the time its render read the content: a render that read the page's
 * content before an editor's publish and finished after the publish's revalidation would be
 * stored as newer than it, and served until the next publish. Not storing it leaves the page's
 * previous entry, which that revalidation expired: the next view renders it again.
 *
 * Revalidations reach every instance of the site through PostgreSQL (shared-revalidation.mjs,
 * decision 0150): those made here are written and announced, those of other instances applied
 * here as they arrive, to the same record and race guard as this process's own.
 *
 * A page that answers 404 (an unknown article, a page number past the last) is not stored: any
 * address can be asked for, and each would fill the disk (decision 0150).
 */
export default class PageCacheHandler extends FileSystemCache {
  /** When this request first looked each page up (its render starts after). One handler a request. */
  readAt = new Map()

  constructor(options) {
    super(options)
    listenForRevalidations(applySharedRevalidation)
  }

  async get(key, ctx) {
    if (!this.readAt.has(key)) this.readAt.set(key, Date.now())
    await caughtUp()
    const entry = await super.get(key, ctx)
    if (entry?.value) withScriptPolicy(entry.value)
    countLookup(ctx?.kind, entry)
    return entry
  }

  async set(key, data, ctx) {
    if (data && revalidatedSince(data, this.readAt.get(key))) return
    if (data?.kind === 'APP_PAGE' && data.status === 404 && !building()) return
    if (data) withScriptPolicy(data)
    return super.set(key, data, ctx)
  }

  async revalidateTag(tags, durations) {
    const now = Date.now()
    const list = typeof tags === 'string' ? [tags] : tags
    for (const tag of list) revalidatedAt.set(tag, now)
    await super.revalidateTag(tags, durations)
    await shareRevalidation({ tags: list, expireSeconds: durations?.expire })
  }
}

const building = () => process.env.NEXT_PHASE === 'phase-production-build'

const LOOKUP_KINDS = { APP_PAGE: 'page', PAGES: 'page', APP_ROUTE: 'route' }

/** Counts a lookup of a page or a route body: a hit when a copy was kept (decision 0225). */
const countLookup = (kind, entry) => {
  const label = LOOKUP_KINDS[kind]
  if (!label || building()) return
  const result = entry?.value ? 'hit' : 'miss'
  metrics().pageCacheLookups.inc({ kind: label, result })
}

/**
 * Applies another instance's revalidation made at `at`, as Next applies its own (an expiry now, or
 * stale now and expired after the profile's time), unless this process already holds a later one.
 */
const applySharedRevalidation = ({ tags, expireSeconds }, at) => {
  for (const tag of tags) {
    revalidatedAt.set(tag, Math.max(revalidatedAt.get(tag) ?? -Infinity, at))
    const entry = tagsManifest.get(tag) ?? {}
    if (expireSeconds === undefined) {
      if (!(entry.expired >= at && entry.expired <= Date.now())) {
        tagsManifest.set(tag, { ...entry, expired: at })
      }
    } else if (!(entry.stale >= at)) {
      tagsManifest.set(tag, { ...entry, stale: at, expired: at + expireSeconds * 1000 })
    }
  }
}

/**
 * The last revalidation of each tag (paths are implicit tags) known to this process: one map, though
 * Next loads this module natively and bundles a copy of it too.
 */
const revalidatedAt = (process[Symbol.for('starfinity.pageCacheRevalidatedAt')] ??= new Map())

/** Whether one of a page's tags was revalidated since `since` (the start of its render). */
const revalidatedSince = (value, since) => {
  const tags = value.headers?.[TAGS_HEADER]
  if (since === undefined || typeof tags !== 'string') return false
  return tags.split(',').some((tag) => (revalidatedAt.get(tag) ?? -Infinity) >= since)
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
