import './no-eval'

import { z } from 'zod'

const ticket = z.string({ error: 'ticket is required' }).min(1).max(4000)
/** A passkey's answer as @simplewebauthn/browser gives it; its parts are checked by the server. */
const passkeyResponse = z.record(z.string(), z.unknown(), { error: 'response is required' })

/** What the second step of a sign-in sends: a code (TOTP or recovery), a passkey, or an enrolment. */
export const secondFactorProofSchema = z
  .object({
    code: z.string().trim().min(1, 'Enter a code').max(32, 'That code is too long').optional(),
    passkey: z.object({ ticket, response: passkeyResponse }).optional(),
    enrol: z
      .object({
        ticket,
        code: z
          .string()
          .trim()
          .regex(/^\d{6}$/, 'Enter the six digits from your app'),
      })
      .optional(),
  })
  .refine((proof) => proof.code || proof.passkey || proof.enrol, {
    error: 'Enter a code or use a passkey',
  })
export type SecondFactorProof = z.output<typeof secondFactorProofSchema>

/** The six digits of an authenticator app, as typed on the account page to confirm a new secret. */
export const totpConfirmSchema = z.object({
  ticket,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the six digits from your app'),
})

export const passkeyRegisterSchema = z.object({
  ticket,
  response: passkeyResponse,
  name: z
    .string()
    .trim()
    .min(1, 'Name the passkey')
    .max(60, 'At most 60 characters')
    .default('Passkey'),
})
