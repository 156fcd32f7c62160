import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { Secret } from 'otpauth'

import { second_factor_recovery_codes } from '@/db'
import { secondFactorRequired } from '@/services/auth/second-factor'
import { hasTotp, saveTotpSecret } from '@/services/auth/second-factor/totp'
import { listPasskeys } from '@/services/auth/second-factor/passkeys'
import { recoveryCodeHash } from '@/services/auth/second-factor/recovery'

/**
 * The second factor a test's sign-in sends for an account that needs one: the account gets an
 * authenticator app (a TOTP secret) if it has no second factor yet, then one fresh recovery code of
 * its own, which the sign-in uses up. Each sign-in has its own code, so parallel sign-ins of one
 * account all pass, and the rule itself (no session without the second factor) stays as it is.
 * Undefined for an account that needs none.
 */
export const secondFactorFor = async (payload: Payload, username: string) => {
  const user = await payload.db.findOne<{ id: number; accessLevel: string }>({
    collection: 'users',
    where: { username: { equals: username.toLowerCase().trim() } },
  })
  if (!user) return undefined
  const enrolled =
    (await hasTotp(payload, user.id)) || (await listPasskeys(payload, user.id)).length > 0
  if (!enrolled && !secondFactorRequired(user.accessLevel)) return undefined
  if (!enrolled) await saveTotpSecret(payload, user.id, new Secret({ size: 20 }).base32, null)
  const code = randomBytes(5).toString('hex')
  await payload.db.drizzle.insert(second_factor_recovery_codes).values({
    userId: user.id,
    codeHash: recoveryCodeHash(code),
  })
  return { code }
}
