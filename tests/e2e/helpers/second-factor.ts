import { randomBytes } from 'node:crypto'

import { type TOTP, URI } from 'otpauth'

import { recoveryCodeHash } from '@/services/auth/second-factor/recovery'

import { query } from './browser'
import { serverEnv } from './server'

/**
 * A one-time recovery code of the account's own, for one sign-in of a browser test: stored hashed
 * as the site stores its codes, and used up by that sign-in. Each sign-in has its own, so tests
 * running side by side may sign the same admin in at once. The account must have a second factor.
 */
export const freshRecoveryCode = async (username: string) => {
  const code = randomBytes(5).toString('hex')
  const hash = recoveryCodeHash(code, serverEnv('').PAYLOAD_SECRET as string)
  const added = await query(
    `INSERT INTO second_factor_recovery_codes (user_id, code_hash)
      SELECT id, $2 FROM users WHERE username = $1 RETURNING user_id`,
    [username.toLowerCase(), hash],
  )
  if (added.length !== 1) throw new Error(`no account ${username}`)
  return code
}

/** The authenticator app's code (`seconds` from now) for an otpauth:// address or a base32 key. */
export const totpCode = (uriOrSecret: string, username = 'user', seconds = 0) =>
  (
    URI.parse(
      uriOrSecret.startsWith('otpauth:')
        ? uriOrSecret
        : `otpauth://totp/Starfinity:${username}?secret=${uriOrSecret.replace(/\s/g, '')}&issuer=Starfinity`,
    ) as TOTP
  ).generate({ timestamp: Date.now() + seconds * 1000 })

type Challenge =
  { secondFactor: 'enrol'; totp: { ticket: string; uri: string } } | { secondFactor: 'required' }

/** The proof a REST sign-in sends after a challenge: a fresh recovery code, or an app set up. */
export const proofFor = async (username: string, challenge: Challenge) =>
  challenge.secondFactor === 'enrol'
    ? { enrol: { ticket: challenge.totp.ticket, code: totpCode(challenge.totp.uri) } }
    : { code: await freshRecoveryCode(username) }
