import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload, migrateDatabase } from './migrate'
import { seed } from '@/seed'

import { log } from './runtime'

/** Applies committed migrations and seeds; both are idempotent. */
export const migrateAndSeed = async () => {
  const payload = await getPayload({ config })
  try {
    await migrateDatabase(payload)
    log('migrations applied')
    await seed(payload)
    log('content seeded')
  } finally {
    await closePayload(payload)
  }
}
