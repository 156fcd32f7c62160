import type { Payload } from 'payload'

import { batched } from '@/lib/batched'
import { isDatabaseUnavailable, retryingLostConnections } from '@/lib/db/unavailable'

/** A signup: the form's validated fields, and the address it came from. */
export type Signup<Input> = { input: Input; ip: string }

/**
 * Signups written in batches (decision 0275): the signups of a form that arrive in one turn of the
 * event loop, or while the batch before them is in flight, go to the database as one statement, so
 * the statement's fixed cost, its counters' trigger and its commit are paid once per batch instead
 * of once per person. Each call resolves when the statement that wrote it has committed.
 *
 * The signups of a statement have distinct addresses: a second signup of an address in the same
 * batch (the same person's double submit) waits for a statement after the first one's, so it meets
 * the address as known, as it would have one statement each.
 *
 * A batch whose connection was lost is written again (`retryingLostConnections`): a signup the lost
 * attempt had committed is then a known address, so it gets no second row, the same answer, and no
 * second email within EMAIL_CONFIRM_RESEND_MINUTES (a known unconfirmed newsletter address records
 * its consent once more).
 *
 * When a batch's statement fails and the database is there (a deadlock with another instance's
 * batch, a row PostgreSQL refuses), each of its signups is written again by a statement of its own,
 * so one bad row fails only its own request. When the database is away, or the statement ran out
 * of time, every signup of the batch gets that error (503): the statement rolled back and nothing
 * of it was stored.
 */
export const signupBatches = <Input extends { email: string }>(
  write: (payload: Payload, signups: Signup<Input>[]) => Promise<unknown>,
): ((payload: Payload, input: Input, ip: string) => Promise<void>) => {
  const call = batched<Payload, Signup<Input>, void>(async (payload, signups) => {
    const results: (void | Error)[] = []
    /** Writes the signups at these positions: undefined when committed, else the error. */
    const written = (positions: number[]) =>
      retryingLostConnections(() =>
        write(
          payload,
          positions.map((i) => signups[i]!),
        ),
      ).then(() => undefined, asError)
    for (const round of rounds(signups.map((signup) => signup.input.email))) {
      const failed = await written(round)
      if (failed === undefined) continue
      if (round.length === 1 || isDatabaseUnavailable(failed))
        for (const i of round) results[i] = failed
      else for (const i of round) results[i] = await written([i])
    }
    return signups.map((_, i) => results[i])
  })
  return (payload, input, ip) => call(payload, { input, ip })
}

/** The positions of `addresses` in statements of distinct addresses, in order: first ones first. */
const rounds = (addresses: string[]): number[][] => {
  const seen = new Map<string, number>()
  const result: number[][] = []
  addresses.forEach((email, i) => {
    const address = email.trim().toLowerCase()
    const round = seen.get(address) ?? 0
    seen.set(address, round + 1)
    ;(result[round] ??= []).push(i)
  })
  return result
}

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error))
