import type { Payload } from 'payload'

import { seedAdmin } from './admin'
import { seedContent } from './content'

/** Idempotent: fills what is missing and never overwrites what editors changed. */
export const seed = async (payload: Payload) => {
  await seedContent(payload)
  await seedAdmin(payload)
}
