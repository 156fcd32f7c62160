/**
 * Migrates and seeds the browser tests' database (DATABASE_URL), with the e2e admins: those whose
 * level needs a second factor get an authenticator app (a key no test needs: their sign-ins use a
 * recovery code of their own, helpers/second-factor.ts), so parallel tests never race to set one
 * up. Runs as its own process so the configuration is imported once, after the address is set.
 */
import { Secret } from 'otpauth'
import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload, migrateDatabase } from '../../../scripts/lib/migrate'
import { seed } from '@/seed'
import { upsertUser } from '@/seed/admin'
import { secondFactorRequired } from '@/services/auth/second-factor'
import { saveTotpSecret } from '@/services/auth/second-factor/totp'

import { E2E_USERS } from './users'

const payload = await getPayload({ config })
await migrateDatabase(payload)
await seed(payload)
for (const user of Object.values(E2E_USERS)) {
  await upsertUser(payload, user.username, user.password, user.accessLevel)
  if (!secondFactorRequired(user.accessLevel)) continue
  const found = await payload.find({
    collection: 'users',
    where: { username: { equals: user.username } },
    limit: 1,
  })
  await saveTotpSecret(payload, found.docs[0]!.id, new Secret({ size: 20 }).base32, null)
}
await closePayload(payload)
process.exit(0)
