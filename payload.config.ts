import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { redirectsPlugin } from '@payloadcms/plugin-redirects'
import { seoPlugin } from '@payloadcms/plugin-seo'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, type Config } from 'payload'
import sharp from 'sharp'

import { canEditContent, contentAccess } from '@/access'
import { collections } from '@/collections'
import { extendSchema } from '@/db/schema-extensions'
import { endpoints } from '@/endpoints'
import { SiteSettings } from '@/globals/SiteSettings'
import { checkRedirect, revalidateRedirect } from '@/lib/content/redirects'
import { siteOrigins } from '@/lib/origins'
import { closeUnusedDoors, invalidValueAnswer } from '@/plugins/closed-doors'
import { demoMode, demoModeInternals } from '@/plugins/demo-mode'
import { unreadableQueryAnswer, validQueries } from '@/plugins/valid-queries'
import { env, serverUrl } from '@/lib/env'
import { loggableError, scrubLogMessage } from '@/lib/loggable-error'
import { keyPersonalFields } from '@/lib/log-keys'
import { requestIdMixin } from '@/lib/request-id'
import { isPublicRoute, pageTextsOf } from '@/lib/page-texts'
import { mediaStorage } from '@/lib/storage'
import { jobs } from '@/jobs'
import { emailAdapter } from '@/services/email/transport'
import { enforceSessionLimits } from '@/services/auth/sessions/policy'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// The site's own origins (src/lib/origins.ts).
const origins = siteOrigins({
  serverUrl: env().SERVER_URL,
  port: env().PORT,
  production: env().NODE_ENV === 'production',
})

const config: Config = {
  secret: env().PAYLOAD_SECRET,
  serverURL: env().SERVER_URL,
  // Cookie-authenticated requests are accepted only from our own origins.
  csrf: origins,
  cors: origins,
  telemetry: false,
  admin: {
    user: 'users',
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: { titleSuffix: ' | Starfinity Admin' },
    // The brand: dark only, Starfinity's logo and star (docs/decisions/0091-admin-brand.md).
    theme: 'dark',
    // Spec §9: one notice visible at a time, closing after five seconds, as on the site.
    toast: { limit: 1, duration: 5000 },
    components: {
      graphics: {
        Logo: '/components/admin/brand/Logo#Logo',
        Icon: '/components/admin/brand/Icon#Icon',
      },
      views: {
        dashboard: { Component: '/components/admin/DashboardView#DashboardView' },
        login: { Component: '/components/admin/LoginView#LoginView' },
      },
      logout: { Button: '/components/admin/LogoutButton#LogoutButton' },
    },
  },
  collections,
  // Sessions end when idle or too old, at every door (docs/decisions/0215-sessions-end-when-idle.md).
  onInit: enforceSessionLimits,
  globals: [SiteSettings],
  endpoints,
  // A value the database cannot take, or a where that is not JSON, is the request's fault: 400, or
  // 404 for a document by id.
  hooks: { afterError: [invalidValueAnswer, unreadableQueryAnswer] },
  // Email: SMTP_URL or the development outbox; every message goes through the jobs queue.
  email: emailAdapter(),
  jobs: jobs(),
  editor: lexicalEditor(),
  sharp,
  plugins: [
    // Media on local disk (MEDIA_DIR), or in S3-compatible storage when S3_BUCKET is set (decision 0120).
    mediaStorage(),
    // Meta title, description and share image on articles (decision 0082) and on each fixed
    // page's `page-seo` entry (decision 0122).
    seoPlugin({
      collections: ['articles', 'page-seo'],
      uploadsCollection: 'media',
      tabbedUI: false,
      generateTitle: ({ doc, collectionSlug }) => {
        const title = collectionSlug === 'page-seo' ? pageTextsOf(doc?.path)?.title : doc?.title
        return title ? `${title} | Starfinity` : 'Starfinity'
      },
      generateDescription: ({ doc, collectionSlug }) => {
        if (collectionSlug === 'page-seo') return pageTextsOf(doc?.path)?.description ?? ''
        return typeof doc?.excerpt === 'string' ? doc.excerpt : ''
      },
      generateURL: ({ doc, collectionSlug }) => {
        const path =
          collectionSlug === 'page-seo'
            ? isPublicRoute(doc?.path) && doc.path
            : doc?.slug && `/insights/${doc.slug}`
        return path ? new URL(path, serverUrl()).toString() : serverUrl()
      },
    }),
    // Old addresses keep working: a slug change stores a 308 from the old path (decision 0082).
    redirectsPlugin({
      collections: ['articles'],
      redirectTypes: ['301', '308'],
      redirectTypeFieldOverride: { defaultValue: '308' },
      overrides: {
        admin: { group: 'Content' },
        access: { ...contentAccess, create: canEditContent },
        // Targets limited to the site's pages and http(s); the old path's page refreshed on change.
        hooks: { beforeValidate: [checkRedirect], ...revalidateRedirect },
      },
    }),
  ],
  db: postgresAdapter({
    pool: {
      connectionString: env().DATABASE_URL,
      max: env().DB_POOL_MAX,
      connectionTimeoutMillis: env().DB_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      statement_timeout: env().DB_STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: 60_000,
      // No JIT compilation: on a server built with it (most packaged PostgreSQL), a query whose
      // estimated cost passes jit_above_cost — the waitlist's line over 100,000 entries — spent
      // more compiling than running (list p50 540 ms against 80 ms, the export 50 s against 7 s).
      options: '-c jit=off',
    },
    migrationDir: path.resolve(dirname, 'src/migrations'),
    // The collections' tables as Drizzle code, for typed statements (`npm run generate:db-schema`).
    generateSchemaOutputFile: path.resolve(dirname, 'src/db/schema.generated.ts'),
    // Schema changes only through committed migrations, in every environment.
    push: false,
    // The tables, indexes and column types the collections cannot express (src/db).
    afterSchemaInit: [extendSchema],
  }),
  typescript: {
    outputFile: path.resolve(dirname, 'src/payload-types.ts'),
    // Regenerated on start only in development (`npm run dev`); every other process, tests and
    // their helper processes included, leaves the committed file alone (`npm run generate:types`).
    autoGenerate: env().NODE_ENV === 'development',
  },
  // The product has no GraphQL client: the door is closed (docs/decisions/0060-every-door.md).
  graphQL: { disable: true },
  debug: env().NODE_ENV !== 'production',
  // Payload's own error logs too carry no SQL parameters, addresses or tokens (decision 0062), in
  // their objects and in their messages; a sign-in name or an address only as a keyed hash (0193).
  logger: {
    options: {
      level: env().LOG_LEVEL,
      serializers: { err: loggableError },
      hooks: { logMethod: scrubLogMessage },
      formatters: { log: keyPersonalFields },
      // The id of the request being answered, on every line it causes (decision 0207).
      mixin: requestIdMixin,
    },
  },
  loggingLevels: {
    Forbidden: 'info',
    ValidationError: 'info',
    AuthenticationError: 'warn',
    LockedAuth: 'warn',
  },
}

// Every collection's where is checked after the demo guard (src/plugins/valid-queries.ts).
export default buildConfig(demoMode(config))
  .then(demoModeInternals)
  .then(validQueries)
  .then(closeUnusedDoors)
