/**
 * Builds the migrated template every test file copies. Runs as its own process (tsx) before the
 * tests; imports stay static so the configuration loads once, with the template's address.
 */
import './template-env'

import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload, migrateDatabase } from '../../scripts/lib/migrate'

import { createTestDatabase } from './database'

await createTestDatabase()
const payload = await getPayload({ config })
await migrateDatabase(payload)
await closePayload(payload)
process.exit(0)
