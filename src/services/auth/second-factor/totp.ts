import { and, eq, isNull, lt, or, sql } from '@payloadcms/db-postgres/drizzle'
import { Secret, TOTP } from 'otpauth'
import type { Payload } from 'payload'
import QRCode from 'qrcode'

import { second_factor_totp } from '@/db'

import { seal, unseal } from './seal'

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD = 30
/** A code of the step before or after is accepted too (a phone's clock a little off). */
const WINDOW = 1

export const totpFor = (username: string, secret: string) =>
  new TOTP({
    issuer: 'Starfinity',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  })

/** A new secret (160 bits, as RFC 4226 recommends), its otpauth:// address and that as a QR code. */
export const newTotpSecret = async (username: string) => {
  const secret = new Secret({ size: 20 }).base32
  const uri = totpFor(username, secret).toString()
  // Drawn here, as SVG in a data: address: the secret never leaves for a QR service.
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/** The time step a code belongs to, when it is one of the accepted steps' codes. */
export const stepOf = (username: string, secret: string, code: string, now = Date.now()) => {
  if (!/^\d{6}$/.test(code)) return undefined
  const delta = totpFor(username, secret).validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta
}

export const hasTotp = async (payload: Payload, userId: number) =>
  (
    await payload.db.drizzle
      .select({ userId: second_factor_totp.userId })
      .from(second_factor_totp)
      .where(eq(second_factor_totp.userId, userId))
  ).length > 0

export const readTotpSecret = async (payload: Payload, userId: number) => {
  const [row] = await payload.db.drizzle
    .select({ secret: second_factor_totp.secret })
    .from(second_factor_totp)
    .where(eq(second_factor_totp.userId, userId))
  return row ? unseal('totp', row.secret) : undefined
}

/** Stores (or replaces) the user's secret, sealed; `step` is the confirming code's, used up. */
export const saveTotpSecret = async (
  payload: Payload,
  userId: number,
  secret: string,
  step: number | null,
) => {
  const sealed = seal('totp', secret)
  await payload.db.drizzle
    .insert(second_factor_totp)
    .values({ userId, secret: sealed, lastStep: step })
    .onConflictDoUpdate({
      target: second_factor_totp.userId,
      set: { secret: sealed, lastStep: step, createdAt: sql`now()` },
    })
}

/**
 * Takes a code once: true when it is the user's code of an accepted step later than the last one
 * taken, recorded in the same statement, so a code (or an earlier one) seen on the wire, or sent
 * twice at once, is refused.
 */
export const takeTotpCode = async (
  payload: Payload,
  userId: number,
  username: string,
  code: string,
) => {
  const secret = await readTotpSecret(payload, userId)
  if (!secret) return false
  const step = stepOf(username, secret, code)
  if (step === undefined) return false
  const taken = await payload.db.drizzle
    .update(second_factor_totp)
    .set({ lastStep: step })
    .where(
      and(
        eq(second_factor_totp.userId, userId),
        or(isNull(second_factor_totp.lastStep), lt(second_factor_totp.lastStep, step)),
      ),
    )
    .returning({ userId: second_factor_totp.userId })
  return taken.length === 1
}

export const removeTotp = (payload: Payload, userId: number) =>
  payload.db.drizzle.delete(second_factor_totp).where(eq(second_factor_totp.userId, userId))
