/**
 * The public forms' validation in the browser (decision 0072): the shared schemas' rules and
 * messages rebuilt with zod/mini, a fraction of full zod's size, for the fields each form has.
 * The server validates with the full schemas; tests/int/client-schemas.test.ts proves both give
 * the same result and the same message for the same input.
 */
import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'

import { CHILD_AGES, CONTACT_LIMITS, CONTACT_PRIORITIES } from '@/lib/constants'

import {
  CONTROL_CHARACTERS,
  hasNoWebAddress,
  INVALID_EMAIL,
  isCleanLine,
  isCleanText,
  WEB_ADDRESS_IN_FIRST_NAME,
  WEB_ADDRESS_IN_NAME,
} from './messages'

// Full zod loads these messages itself; zod/mini leaves them out unless asked. No compiled
// validators in the browser: the CSP has no 'unsafe-eval' (see no-eval.ts).
z.config({ ...en(), jitless: true })

const emailSchema = (message: string = INVALID_EMAIL) =>
  z.pipe(
    z
      .string({ error: message })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: message })),
    z.email({ error: message }),
  )

const cleanLine = z.refine<string>(isCleanLine, { error: CONTROL_CHARACTERS, abort: true })
const cleanText = z.refine<string>(isCleanText, { error: CONTROL_CHARACTERS, abort: true })

const requiredText = (
  message: string,
  max: number,
  tooLong = `Must be at most ${max} characters`,
) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      cleanLine,
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: tooLong }),
    )

const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), cleanLine, z.maxLength(max)))

const personName = (max: number) =>
  z
    .string({ error: 'Name is required' })
    .check(
      z.trim(),
      cleanLine,
      z.minLength(1, { error: 'Name is required' }),
      z.maxLength(max, { error: `Name must be at most ${max} characters` }),
      z.refine(hasNoWebAddress, { error: WEB_ADDRESS_IN_NAME }),
    )

const optionalFirstName = (max: number) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        cleanLine,
        z.maxLength(max),
        z.refine(hasNoWebAddress, { error: WEB_ADDRESS_IN_FIRST_NAME }),
      ),
  )

const tagList = (maxItems = 20, maxLength = 100) =>
  z.optional(
    z
      .array(z.string().check(z.trim(), cleanLine, z.minLength(1), z.maxLength(maxLength)))
      .check(z.maxLength(maxItems)),
  )

export const newsletterFormSchema = z.object({
  email: emailSchema(),
  firstName: optionalFirstName(100),
})

export const waitlistFormSchema = z.object({
  email: emailSchema(),
  name: personName(100),
  interests: tagList(),
  referralSource: optionalText(100),
})

export const parentFormSchema = z.object({
  name: personName(100),
  email: emailSchema(),
  childAge: z.enum(CHILD_AGES, { error: "Please select your child's age range" }),
})

export const contactFormSchema = z.object({
  name: personName(CONTACT_LIMITS.name),
  email: emailSchema('Please enter a valid email'),
  subject: requiredText(
    'Subject is required',
    CONTACT_LIMITS.subject,
    'Subject must be at most 200 characters',
  ),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .check(
      z.trim(),
      cleanText,
      z.minLength(CONTACT_LIMITS.messageMin, { error: 'Message must be at least 10 characters' }),
      z.maxLength(CONTACT_LIMITS.messageMax, { error: 'Message must be at most 2000 characters' }),
    ),
  priority: z.optional(
    z.enum(CONTACT_PRIORITIES, { error: 'Priority must be low, normal, high or urgent' }),
  ),
  tags: tagList(10, 50),
})
