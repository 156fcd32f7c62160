/**
 * The admin's code editor (Monaco, in Payload's JSON fields) is served by the site, from the
 * installed `monaco-editor` package, not from a public CDN: no third-party script in the admin, and
 * it works with no network. Payload's admin bundles its own copy of Monaco's loader, set to a CDN;
 * `patches/@payloadcms+ui+*.patch` points it at this address instead. The version is in the
 * address, so each file is cached for good; it is the exact version package.json pins (a unit
 * test compares the three).
 */
export const MONACO_VERSION = '0.57.0'

export const MONACO_BASE = `/monaco-editor/${MONACO_VERSION}`
