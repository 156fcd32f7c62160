import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'

import { DRAFT_MODE_COOKIE, cachedPageSources } from './src/lib/cached-pages.mjs'
import { addCompileHints } from './src/lib/compile-hints.mjs'
import { BODY_REQUEST_POLICY, MEDIA_FILE_POLICY, baseSecurityHeaders } from './src/lib/csp.mjs'

/** As src/lib/cache-control.ts says them (decision 0151); the tests compare the two. */
const PUBLIC_PAGE_CACHE_CONTROL =
  'public, max-age=0, s-maxage=10, stale-while-revalidate=20, stale-if-error=86400'
const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * What shared caches may keep (decisions 0151 and 0186): a cached page for seconds, except in draft
 * mode, and nothing of the App Router's own requests for any page: its payloads, and the redirect
 * to an `_rsc` address it answers when that parameter is missing (which, public, a cache keyed by
 * address would store as the page). Said here, not in the proxy: Next.js hides those headers and
 * that parameter from the proxy, and a header the proxy set would replace these. The later rule
 * wins; requests with a body come last (below). Not under `next dev`, as before.
 */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
]
const cacheControl =
  process.env.NODE_ENV === 'development'
    ? []
    : [
        ...cachedPageSources().map((source) => ({
          source,
          missing: [{ type: 'cookie', key: DRAFT_MODE_COOKIE }],
          headers: [{ key: 'Cache-Control', value: PUBLIC_PAGE_CACHE_CONTROL }],
        })),
        ...[
          ...ROUTER_HEADERS.map((key) => ({ type: 'header', key })),
          { type: 'query', key: '_rsc' },
        ].map((condition) => ({
          source: '/:path*',
          has: [condition],
          headers: [{ key: 'Cache-Control', value: PRIVATE_CACHE_CONTROL }],
        })),
      ]

// Requests with a body skip the proxy (src/proxy.ts, decision 0063): their answers get the
// security headers here, with a policy under which no script runs (no nonce was made for them),
// and uploaded files keep theirs. An empty body (`Content-Length: 0`) is no body: the proxy runs.
// And no shared cache may keep such an answer (decision 0186): a page's would otherwise go out
// with Next's year-long s-maxage and that policy, and be served to every visitor. Next keeps a
// Cache-Control already set; a route that sets its own (the API's) replaces this one.
const headersOf = (policy) =>
  Object.entries({
    ...baseSecurityHeaders(),
    'Content-Security-Policy': policy,
    'Cache-Control': PRIVATE_CACHE_CONTROL,
  }).map(([key, value]) => ({ key, value }))
const withBody = [
  { type: 'header', key: 'content-length', value: '0*[1-9][0-9]*' },
  { type: 'header', key: 'transfer-encoding' },
].flatMap((header) => [
  { source: '/:path*', has: [header], headers: headersOf(BODY_REQUEST_POLICY) },
  { source: '/api/media/file/:path*', has: [header], headers: headersOf(MEDIA_FILE_POLICY) },
])

/** What the standalone server never loads of the project's own files (decision 0250). */
const PROJECT_FILES_NOT_LOADED = [
  'src/**/*.{ts,tsx,js,json,css,scss,svg}',
  '{tests,docs,deploy,data,scripts,patches,public}/**',
  '*.{md,yml,ts}',
  '{package-lock,tsconfig}.json',
  'Dockerfile',
  'eslint.config.mjs',
]

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_OUTPUT=standalone (the production image's build, and the browser tests' build) adds Next's
  // standalone output: a server with only the files it loads (decision 0250). Not otherwise: `next
  // start`, which `npm start` runs, warns when the configuration it loads says standalone.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // A folder read at run time with a path the build cannot follow would take the whole project into
  // the output: only the natively loaded modules (the page cache handler's `.mjs`) and package.json
  // stay; the image copies public/ and scripts/ itself. Keyed by the routes, not '*': that would also
  // apply these globs, unanchored, to the packages Next's own server loads.
  outputFileTracingExcludes: { '/**': PROJECT_FILES_NOT_LOADED },
  // The admin's code editor, served from the installed package at run time (src/lib/monaco.ts).
  outputFileTracingIncludes: { '/monaco-editor/**': ['node_modules/monaco-editor/min/**'] },
  poweredByHeader: false,
  // One copy of the metrics library for the whole server (decision 0225): loaded from node_modules,
  // as the page cache (loaded natively) loads it.
  serverExternalPackages: ['prom-client'],
  experimental: {
    // Server code keeps its names (decision 0260): Payload picks an error's log level by its class
    // name (a refused request is info, not error), and the log names the class that failed.
    serverMinification: false,
    // The global stylesheet inline in the page (styled-components' styles already are): no
    // render-blocking request before the first paint (Lighthouse mobile, docs/benchmarks.md).
    inlineCss: true,
    // Each page inlines only the CSS Modules it uses (decision 128): an inlined chunk costs no
    // request, so the chunking is told requests are free instead of merging every page's styles.
    cssChunking: { type: 'graph', requestCost: 0 },
  },
  // The browser tests build into their own directory, so `npm start` never serves their build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  compiler: {
    styledComponents: true,
    // The public pages' scripts are compiled as they stream in, off the main thread (decision 130).
    runAfterProductionCompile: async ({ distDir }) => void (await addCompileHints(distDir)),
  },
  // Next.js's own page cache, plus the script-hash policy on every cached page (decision 0070).
  cacheHandler: fileURLToPath(new URL('./src/lib/page-cache/handler.mjs', import.meta.url)),
  // Types are checked by `npm run typecheck` (part of `npm test`), over tests and scripts too;
  // a new user's `npm start` does not repeat it.
  typescript: { ignoreBuildErrors: true },
  headers: async () => [...cacheControl, ...withBody],
}

const config = withPayload(nextConfig, { devBundleServerPackages: false })

/**
 * Payload asks for the colour-scheme client hint on every response (`Accept-CH`, `Critical-CH`,
 * `Vary`), to pick the admin's theme. The admin's theme is fixed (dark), so nothing reads the
 * hint, and `Critical-CH` makes Chromium send every first visit's request twice (decision 0127).
 */
const COLOUR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme'
const withPayloadHeaders = config.headers
config.headers = async () =>
  (await withPayloadHeaders())
    .map((rule) => ({
      ...rule,
      headers: rule.headers.filter(({ value }) => value !== COLOUR_SCHEME_HINT),
    }))
    .filter((rule) => rule.headers.length > 0)

export default config
