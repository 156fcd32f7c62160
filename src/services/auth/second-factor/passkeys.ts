import { and, asc, eq, sql } from '@payloadcms/db-postgres/drizzle'
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Payload } from 'payload'

import { second_factor_passkeys } from '@/db'
import { serverUrl } from '@/lib/env'

import { issueTicket, readTicket } from './seal'

/** The relying party is the site's configured address (SERVER_URL): its host and its origin. */
const relyingParty = () => {
  const url = new URL(serverUrl())
  return { id: url.hostname, origin: url.origin, name: 'Starfinity admin' }
}

/** How long the browser has to answer a passkey challenge. */
const CHALLENGE_SECONDS = 300

const transportsOf = (value: string) =>
  value ? (value.split(',') as AuthenticatorTransport[]) : undefined

/** The options for the browser, with a ticket that carries their challenge to the answer. */
const withTicket = <Options extends { challenge: string }>(
  kind: 'passkey-registration' | 'passkey-sign-in',
  userId: number,
  options: Options,
) => ({
  ticket: issueTicket(kind, userId, { challenge: options.challenge }, CHALLENGE_SECONDS),
  options,
})

export const listPasskeys = (payload: Payload, userId: number) =>
  payload.db.drizzle
    .select({
      id: second_factor_passkeys.credentialId,
      name: second_factor_passkeys.name,
      publicKey: second_factor_passkeys.publicKey,
      counter: second_factor_passkeys.counter,
      transports: second_factor_passkeys.transports,
      createdAt: second_factor_passkeys.createdAt,
      lastUsedAt: second_factor_passkeys.lastUsedAt,
    })
    .from(second_factor_passkeys)
    .where(eq(second_factor_passkeys.userId, userId))
    .orderBy(asc(second_factor_passkeys.createdAt))

/** Options for the browser's navigator.credentials.create, and the ticket holding its challenge. */
export const passkeyRegistration = async (
  payload: Payload,
  user: { id: number; username: string },
) => {
  const rp = relyingParty()
  const existing = await listPasskeys(payload, user.id)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.id,
      transports: transportsOf(key.transports),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CHALLENGE_SECONDS * 1000,
  })
  return withTicket('passkey-registration', user.id, options)
}

/** Checks the browser's new credential against the ticket's challenge and stores its public key. */
export const registerPasskey = async (
  payload: Payload,
  userId: number,
  ticket: unknown,
  response: RegistrationResponseJSON,
  name: string,
) => {
  const opened = readTicket<{ challenge: string }>('passkey-registration', userId, ticket)
  if (!opened) return false
  const rp = relyingParty()
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: opened.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => undefined)
  if (!verification?.verified) return false
  const { credential } = verification.registrationInfo
  const stored = await payload.db.drizzle
    .insert(second_factor_passkeys)
    .values({
      credentialId: credential.id,
      userId,
      name,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
    })
    .onConflictDoNothing()
    .returning({ id: second_factor_passkeys.credentialId })
  return stored.length === 1
}

/** Options for navigator.credentials.get with the user's passkeys, and the challenge's ticket. */
export const passkeyChallenge = async (payload: Payload, userId: number) => {
  const keys = await listPasskeys(payload, userId)
  if (keys.length === 0) return undefined
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: keys.map((key) => ({ id: key.id, transports: transportsOf(key.transports) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_SECONDS * 1000,
  })
  return withTicket('passkey-sign-in', userId, options)
}

/**
 * Checks a signed answer to the ticket's challenge with the stored public key. The signature
 * counter must move on (when the authenticator keeps one), in the same statement that records it:
 * the same answer sent twice is taken once.
 */
export const takePasskeyAnswer = async (
  payload: Payload,
  userId: number,
  ticket: unknown,
  response: AuthenticationResponseJSON,
) => {
  const opened = readTicket<{ challenge: string }>('passkey-sign-in', userId, ticket)
  if (!opened || typeof response?.id !== 'string') return false
  const keys = await listPasskeys(payload, userId)
  const key = keys.find((candidate) => candidate.id === response.id)
  if (!key) return false
  const rp = relyingParty()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: opened.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.id,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: transportsOf(key.transports),
    },
    requireUserVerification: false,
  }).catch(() => undefined)
  if (!verification?.verified) return false
  const counter = verification.authenticationInfo.newCounter
  const taken = await payload.db.drizzle
    .update(second_factor_passkeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(second_factor_passkeys.credentialId, key.id),
        eq(second_factor_passkeys.userId, userId),
        counter > 0
          ? sql`${second_factor_passkeys.counter} < ${counter}`
          : sql`${second_factor_passkeys.counter} = 0`,
      ),
    )
    .returning({ id: second_factor_passkeys.credentialId })
  return taken.length === 1
}

export const removePasskey = async (payload: Payload, userId: number, credentialId: string) =>
  (
    await payload.db.drizzle
      .delete(second_factor_passkeys)
      .where(
        and(
          eq(second_factor_passkeys.userId, userId),
          eq(second_factor_passkeys.credentialId, credentialId),
        ),
      )
      .returning({ id: second_factor_passkeys.credentialId })
  ).length === 1

export const removePasskeys = (payload: Payload, userId: number) =>
  payload.db.drizzle.delete(second_factor_passkeys).where(eq(second_factor_passkeys.userId, userId))
