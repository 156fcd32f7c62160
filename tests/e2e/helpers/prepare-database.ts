/**
 * Migrates and seeds the browser tests' database (DATABASE_URL), with the e2e admins. Runs as its
 * own process so the configuration is imported once, after the address is set.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload, migrateDatabase } from '../../../scripts/lib/migrate'
import { seed } from '@/seed'
import { upsertUser } from '@/seed/admin'

import { E2E_USERS } from './users'

const payload = await getPayload({ config })
await migrateDatabase(payload)
await seed(payload)
for (const user of Object.values(E2E_USERS)) {
  await upsertUser(payload, user.username, user.password, user.accessLevel)
}
await closePayload(payload)
process.exit(0)
