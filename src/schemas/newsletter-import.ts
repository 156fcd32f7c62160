import { z } from 'zod'

import { emailSchema, optionalFirstName, tagList } from './common'

/**
 * Rows one import may have (a file with more is refused before anything is imported). The file is
 * read as it streams and staged in batches, so memory stays flat whatever its length (decision 0255).
 */
export const IMPORT_MAX_ROWS = 1_000_000

/** One row of an imported CSV: the signup form's rules for the same fields. */
export const importRowSchema = z.object({
  email: emailSchema(),
  firstName: optionalFirstName(100),
  interests: tagList(),
})

export const CONSENT_REQUIRED = 'Confirm that these people gave their consent to the newsletter.'

/** What the admin confirms, shown next to the checkbox and stored with each consent row. */
export const IMPORT_CONSENT_TEXT =
  'These people gave their consent to receive the Starfinity newsletter.'

export const importStartSchema = z.object({
  consentConfirmed: z.literal(true, { error: CONSENT_REQUIRED }),
  alreadyConfirmed: z.boolean({ error: 'Must be true or false' }).default(false),
})

export type ImportStart = z.infer<typeof importStartSchema>
