import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Endpoint, PayloadRequest } from 'payload'

import { AUTH_REQUIRED_MESSAGE } from '@/access/admin'
import { AppError, badRequest } from '@/lib/errors'
import { passkeyRegisterSchema, totpConfirmSchema } from '@/schemas/second-factor'
import {
  finishTotpEnrolment,
  hasSecondFactor,
  secondFactorStatus,
  startTotpEnrolment,
} from '@/services/auth/second-factor'
import {
  listPasskeys,
  passkeyRegistration,
  registerPasskey,
  removePasskey,
} from '@/services/auth/second-factor/passkeys'
import { newRecoveryCodes } from '@/services/auth/second-factor/recovery'
import { removeTotp } from '@/services/auth/second-factor/totp'

import { handler, json, parseWith, readJson } from '../http'

const LAST_FACTOR_MESSAGE =
  'Your account needs a second factor: add another one before removing this one.'

/** Every signed-in user manages their own second factors, and only their own. */
const owner = (req: PayloadRequest) => {
  const user = req.user
  if (!user || user.collection !== 'users') throw new AppError(401, AUTH_REQUIRED_MESSAGE)
  return {
    id: Number(user.id),
    username: String(user.username ?? ''),
    accessLevel: user.accessLevel,
  }
}

/** Removing a factor must leave one to a user whose level requires it. */
const keepOne = async (req: PayloadRequest, remove: () => Promise<unknown>) => {
  const user = owner(req)
  const status = await secondFactorStatus(req.payload, user)
  const left = (status.totp ? 1 : 0) + status.passkeys.length - 1
  if (status.required && left < 1) throw new AppError(409, LAST_FACTOR_MESSAGE)
  await remove()
  return json(await secondFactorStatus(req.payload, user))
}

/**
 * `/api/admin/second-factor…`: the account page's second factors (decision 0210): the status,
 * a TOTP secret (QR code) confirmed by a code, passkeys, new recovery codes. Recovery codes are
 * answered once, when made; secrets and hashes are never answered.
 */
export const secondFactorEndpoints: Endpoint[] = [
  {
    path: '/admin/second-factor',
    method: 'get',
    handler: handler(async (req) => json(await secondFactorStatus(req.payload, owner(req)))),
  },
  {
    path: '/admin/second-factor/totp/setup',
    method: 'post',
    handler: handler(async (req) => json(await startTotpEnrolment(owner(req)))),
  },
  {
    path: '/admin/second-factor/totp',
    method: 'post',
    handler: handler(async (req) => {
      const user = owner(req)
      const { ticket, code } = parseWith(totpConfirmSchema, await readJson(req))
      const recoveryCodes = await finishTotpEnrolment(req.payload, user, ticket, code)
      return json({ ...(await secondFactorStatus(req.payload, user)), recoveryCodes })
    }),
  },
  {
    path: '/admin/second-factor/totp',
    method: 'delete',
    handler: handler(async (req) => keepOne(req, () => removeTotp(req.payload, owner(req).id))),
  },
  {
    path: '/admin/second-factor/passkeys/setup',
    method: 'post',
    handler: handler(async (req) => json(await passkeyRegistration(req.payload, owner(req)))),
  },
  {
    path: '/admin/second-factor/passkeys',
    method: 'post',
    handler: handler(async (req) => {
      const user = owner(req)
      const { ticket, response, name } = parseWith(
        passkeyRegisterSchema,
        await readJson(req, 64 * 1024),
      )
      const before = await secondFactorStatus(req.payload, user)
      const stored = await registerPasskey(
        req.payload,
        user.id,
        ticket,
        response as unknown as RegistrationResponseJSON,
        name,
      )
      if (!stored)
        throw badRequest('The passkey could not be checked. Try again.', {
          response: 'The passkey could not be checked. Try again.',
        })
      const recoveryCodes =
        before.recoveryCodesLeft === 0 && !hasSecondFactor(before)
          ? await newRecoveryCodes(req.payload, user.id)
          : undefined
      return json({ ...(await secondFactorStatus(req.payload, user)), recoveryCodes })
    }),
  },
  {
    path: '/admin/second-factor/passkeys/:id',
    method: 'delete',
    handler: handler(async (req) => {
      const id = String(req.routeParams?.id ?? '')
      if (!/^[\w-]{1,1400}$/.test(id))
        throw badRequest('id is not a passkey', { id: 'Unknown passkey' })
      const keys = await listPasskeys(req.payload, owner(req).id)
      if (!keys.some((key) => key.id === id)) throw new AppError(404, 'No such passkey')
      return keepOne(req, () => removePasskey(req.payload, owner(req).id, id))
    }),
  },
  {
    path: '/admin/second-factor/recovery-codes',
    method: 'post',
    handler: handler(async (req) => {
      const user = owner(req)
      const status = await secondFactorStatus(req.payload, user)
      if (!hasSecondFactor(status))
        throw new AppError(409, 'Set up an authenticator app or a passkey first.')
      const recoveryCodes = await newRecoveryCodes(req.payload, user.id)
      return json({ ...(await secondFactorStatus(req.payload, user)), recoveryCodes })
    }),
  },
]
