import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'

/** Names the checkout, so test runs of two checkouts on one machine never share a template. */
export const CHECKOUT_ID = createHash('sha1')
  .update(path.resolve(import.meta.dirname, '../..'))
  .digest('hex')
  .slice(0, 8)

export const TEMPLATE_DB = `starfinity_test_template_${CHECKOUT_ID}`

export const databaseUrl = (base: string, name: string) => {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Settings of a test process, applied before Payload's configuration is imported: a database of its
 * own on the run's server (TEST_DATABASE_URL).
 */
export const applyTestEnv = (id = `${process.pid}-${randomBytes(4).toString('hex')}`) => {
  Object.assign(process.env, {
    NODE_ENV: 'test',
    PAYLOAD_SECRET: 'test-secret-not-for-production-0123456789',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '0',
    TEST_DB_ID: id,
    // Tests work the email queue themselves (runEmailQueue), never on a timer.
    EMAIL_QUEUE_CRON: 'off',
  })
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DATABASE_URL is set by the global setup (test-server.ts)')
  process.env.DATABASE_URL = databaseUrl(
    base,
    id === 'template' ? TEMPLATE_DB : `starfinity_test_${id.replace(/\W/g, '_')}`,
  )
}
