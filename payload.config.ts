import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { numeric } from '@payloadcms/db-postgres/drizzle/pg-core'
import { buildConfig, type Config } from 'payload'

import { collections } from '@/collections'
import { endpoints } from '@/endpoints'
import { SiteSettings } from '@/globals/SiteSettings'
import { demoGuard } from '@/lib/demo-guard'
import { withoutDocumentLocks } from '@/lib/without-document-locks'
import { env, poolMax, serverUrl } from '@/lib/env'
import { emailJobs } from '@/services/email/jobs'
import { emailAdapter } from '@/services/email/transport'

const dirname = path.dirname(fileURLToPath(import.meta.url))

const rate = (column: string) => numeric(column, { precision: 5, scale: 2 })
const origins = [
  ...new Set([serverUrl(), `http://localhost:${env().PORT}`, `http://127.0.0.1:${env().PORT}`]),
]

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
    components: {
      views: {
        dashboard: { Component: '/components/admin/DashboardView#DashboardView' },
        login: { Component: '/components/admin/LoginView#LoginView' },
      },
      logout: { Button: '/components/admin/LogoutButton#LogoutButton' },
    },
  },
  collections,
  globals: [SiteSettings],
  endpoints,
  // Email: SMTP_URL or the development outbox; every message goes through the jobs queue.
  email: emailAdapter(),
  jobs: emailJobs(),
  editor: lexicalEditor(),
  db: postgresAdapter({
    pool: { connectionString: env().DATABASE_URL, max: poolMax() },
    migrationDir: path.resolve(dirname, 'src/migrations'),
    // Schema changes only through committed migrations, in every environment.
    push: false,
    afterSchemaInit: [
      ({ schema, extendTable }) => {
        extendTable({
          table: schema.tables.deliverability_metrics,
          columns: {
            deliveryRate: rate('delivery_rate'),
            bounceRate: rate('bounce_rate'),
            spamRate: rate('spam_rate'),
          },
        })
        return schema
      },
    ],
  }),
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  graphQL: { disablePlaygroundInProduction: true },
  debug: env().NODE_ENV !== 'production',
  logger: { options: { level: env().LOG_LEVEL } },
  loggingLevels: {
    Forbidden: 'info',
    ValidationError: 'info',
    AuthenticationError: 'warn',
    LockedAuth: 'warn',
  },
}

export default buildConfig(withoutDocumentLocks(demoGuard(config)))
