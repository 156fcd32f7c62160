import { getPayload } from 'payload'

import { closePayload, migrateDatabase } from '../../src/lib/db/migrate'

import { log } from './runtime'

/** Applies committed migrations and seeds; both are idempotent. Imported after the environment is set. */
export const migrateAndSeed = async ({ seed = true } = {}) => {
  const { default: config } = await import('../../payload.config')
  const { seed: runSeed } = await import('../../src/seed')
  const payload = await getPayload({ config })
  try {
    await migrateDatabase(payload)
    log('migrations applied')
    if (seed) await runSeed(payload)
  } finally {
    await closePayload(payload)
  }
}
