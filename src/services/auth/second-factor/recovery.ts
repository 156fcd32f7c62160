import { randomInt } from 'node:crypto'

import { and, count, eq } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { second_factor_recovery_codes } from '@/db'

import { keyedHash } from './seal'

export const RECOVERY_CODE_COUNT = 10
/** Letters and digits that cannot be mistaken for one another when read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A code typed with or without its dash, in either case. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Ten characters of 31 (about 50 bits), shown as xxxxx-xxxxx. */
const newCode = () => {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** A code's stored form; `secret` only for a process that holds another site's secret (tests). */
export const recoveryCodeHash = (code: string, secret?: string) =>
  keyedHash('recovery-code', normaliseRecoveryCode(code), secret)

const hashOf = (code: string) => recoveryCodeHash(code)

/** Replaces the user's recovery codes with ten new ones; returns them (shown once, never stored). */
export const newRecoveryCodes = async (payload: Payload, userId: number) => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await payload.db.drizzle.transaction(async (tx) => {
    await tx
      .delete(second_factor_recovery_codes)
      .where(eq(second_factor_recovery_codes.userId, userId))
    await tx
      .insert(second_factor_recovery_codes)
      .values(codes.map((code) => ({ userId, codeHash: hashOf(code) })))
  })
  return codes
}

/** Uses a code up: true when it was one of the user's codes, which it no longer is. */
export const takeRecoveryCode = async (payload: Payload, userId: number, code: string) => {
  const normalised = normaliseRecoveryCode(code)
  if (normalised.length !== 10) return false
  const taken = await payload.db.drizzle
    .delete(second_factor_recovery_codes)
    .where(
      and(
        eq(second_factor_recovery_codes.userId, userId),
        eq(second_factor_recovery_codes.codeHash, hashOf(normalised)),
      ),
    )
    .returning({ userId: second_factor_recovery_codes.userId })
  return taken.length === 1
}

export const recoveryCodesLeft = async (payload: Payload, userId: number) => {
  const [row] = await payload.db.drizzle
    .select({ left: count() })
    .from(second_factor_recovery_codes)
    .where(eq(second_factor_recovery_codes.userId, userId))
  return Number(row?.left ?? 0)
}

export const removeRecoveryCodes = (payload: Payload, userId: number) =>
  payload.db.drizzle
    .delete(second_factor_recovery_codes)
    .where(eq(second_factor_recovery_codes.userId, userId))
