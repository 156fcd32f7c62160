import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Payload, PayloadRequest } from 'payload'

import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import type { SecondFactorProof } from '@/schemas/second-factor'

import { listPasskeys, passkeyChallenge, removePasskeys, takePasskeyAnswer } from './passkeys'
import {
  newRecoveryCodes,
  recoveryCodesLeft,
  removeRecoveryCodes,
  takeRecoveryCode,
} from './recovery'
import { hasTotp, newTotpSecret, removeTotp, saveTotpSecret, stepOf, takeTotpCode } from './totp'
import { issueTicket, readTicket } from './seal'

type Account = { id: number | string; username?: string | null; accessLevel?: string | null }

/**
 * The second step a sign-in still needs (401): the password was right. `challenge` tells the sign-in
 * form what to ask for: the methods enrolled (with a passkey challenge), or a TOTP secret to enrol.
 */
export class SecondFactorNeeded extends AppError {
  constructor(
    message: string,
    readonly challenge: Record<string, unknown>,
  ) {
    super(401, message)
    this.name = 'SecondFactorNeeded'
  }
}

/** A second factor was offered and refused: counted by the sign-in throttle like a wrong password. */
export class SecondFactorRefused extends AppError {
  constructor(message = 'That code or passkey was not accepted. Try again.') {
    super(401, message)
    this.name = 'SecondFactorRefused'
  }
}

/** Full admins always; editors and demo users too when SECOND_FACTOR_ALSO_FOR names them. */
export const secondFactorRequired = (accessLevel: unknown) =>
  accessLevel === 'full' || (env().SECOND_FACTOR_ALSO_FOR as string[]).includes(String(accessLevel))

export const secondFactorStatus = async (payload: Payload, user: Account) => {
  const userId = Number(user.id)
  const [totp, passkeys, recoveryLeft] = await Promise.all([
    hasTotp(payload, userId),
    listPasskeys(payload, userId),
    recoveryCodesLeft(payload, userId),
  ])
  return {
    required: secondFactorRequired(user.accessLevel),
    totp,
    passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({
      id,
      name,
      createdAt,
      lastUsedAt,
    })),
    recoveryCodesLeft: recoveryLeft,
  }
}

export const hasSecondFactor = (status: { totp: boolean; passkeys: unknown[] }) =>
  status.totp || status.passkeys.length > 0

/** A TOTP secret to show (QR code, address, text) and the ticket that confirms it with a code. */
export const startTotpEnrolment = async (user: Account) => {
  const username = String(user.username ?? '')
  const { secret, uri, qr } = await newTotpSecret(username)
  const ticket = issueTicket('totp-enrol', Number(user.id), { secret })
  return { ticket, uri, qr, secret }
}

/**
 * Confirms a secret from startTotpEnrolment with a code of it and stores it (replacing any other);
 * the first second factor also gets ten recovery codes, returned to be shown once.
 */
export const finishTotpEnrolment = async (
  payload: Payload,
  user: Account,
  ticket: string,
  code: string,
) => {
  const userId = Number(user.id)
  const opened = readTicket<{ secret: string }>('totp-enrol', userId, ticket)
  if (!opened)
    throw new AppError(400, 'This setup has expired. Start again.', {
      ticket: 'This setup has expired. Start again.',
    })
  const step = stepOf(String(user.username ?? ''), opened.secret, code)
  if (step === undefined)
    throw new AppError(400, 'That code does not match. Check the app and try again.', {
      code: 'That code does not match. Check the app and try again.',
    })
  const hadRecovery = (await recoveryCodesLeft(payload, userId)) > 0
  await saveTotpSecret(payload, userId, opened.secret, step)
  return hadRecovery ? undefined : newRecoveryCodes(payload, userId)
}

/** `npm run admin:create` (a reset) and a deleted user: every second factor goes. */
export const resetSecondFactor = async (payload: Payload, userId: number) => {
  await Promise.all([
    removeTotp(payload, userId),
    removePasskeys(payload, userId),
    removeRecoveryCodes(payload, userId),
  ])
}

/** What the sign-in passes to the login hook (through the request's context). */
export type SignInContext = { secondFactor?: SecondFactorProof; recoveryCodes?: string[] }

/**
 * The users collection's beforeLogin hook: every door that signs in through Payload's login (REST
 * `/api/users/login`, `/api/admin/login`, the Local API, first-register) passes here after the
 * password was checked and before a token is signed. A user who has a second factor, or whose
 * access level requires one, gets no session without it (a throw here also undoes the session
 * Payload has just added). A user who must have one and has none enrols here, with a TOTP secret
 * confirmed by a code, before the first session (decision 0210).
 */
export const checkSecondFactorAtSignIn = async ({
  req,
  user,
}: {
  req: PayloadRequest
  user: Account
}) => {
  const payload = req.payload
  const userId = Number(user.id)
  const context = req.context as SignInContext
  const proof = context.secondFactor
  const status = await secondFactorStatus(payload, user)
  if (!hasSecondFactor(status)) {
    if (!status.required) return user
    if (proof?.enrol) {
      context.recoveryCodes = await finishTotpEnrolment(
        payload,
        user,
        proof.enrol.ticket,
        proof.enrol.code,
      ).catch((error: unknown) => {
        throw error instanceof AppError ? new SecondFactorRefused(error.message) : error
      })
      return user
    }
    throw new SecondFactorNeeded('Set up a second factor to finish signing in.', {
      secondFactor: 'enrol',
      totp: await startTotpEnrolment(user),
    })
  }
  if (!proof || proof.enrol) {
    const passkey = status.passkeys.length ? await passkeyChallenge(payload, userId) : undefined
    throw new SecondFactorNeeded('Confirm it is you with your second factor.', {
      secondFactor: 'required',
      methods: {
        totp: status.totp,
        passkey: Boolean(passkey),
        recovery: status.recoveryCodesLeft > 0,
      },
      ...(passkey ? { passkey } : {}),
    })
  }
  const username = String(user.username ?? '')
  const accepted = proof.passkey
    ? await takePasskeyAnswer(
        payload,
        userId,
        proof.passkey.ticket,
        proof.passkey.response as unknown as AuthenticationResponseJSON,
      )
    : proof.code !== undefined &&
      ((status.totp &&
        /^\d{6}$/.test(proof.code) &&
        (await takeTotpCode(payload, userId, username, proof.code))) ||
        (await takeRecoveryCode(payload, userId, proof.code)))
  if (!accepted) throw new SecondFactorRefused()
  return user
}
