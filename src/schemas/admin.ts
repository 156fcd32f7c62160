import './no-eval'

import { z } from 'zod'

import { CONTACT_STATUSES, EMAIL_TYPES, PRODUCTS, WAITLIST_STATUSES } from '@/lib/constants'
import { MAX_PAGE } from '@/lib/routes'

// The dashboard parses these in the browser: the shared module turns zod's `new Function` probe off
// there (Content-Security-Policy without 'unsafe-eval').
import { CONTROL_CHARACTERS, emailSchema, line, longText } from './common'
import { isCleanLine } from './messages'
import { secondFactorProofSchema } from './second-factor'

/** Query parameters arrive as strings; an empty one (`?product=`) means "not given". */
const param = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` })

export const ADMIN_PAGE_SIZE = 50
export const ADMIN_MAX_PAGE_SIZE = 200

export const listQuerySchema = z.object({
  page: param(wholeNumber('page', 1, MAX_PAGE)).transform((value) => value ?? 1),
  limit: param(wholeNumber('limit', 1, ADMIN_MAX_PAGE_SIZE)).transform(
    (value) => value ?? ADMIN_PAGE_SIZE,
  ),
  search: param(line().max(200, { error: 'search must be at most 200 characters' })),
})
export type ListQuery = z.output<typeof listQuerySchema>

const productParam = param(
  z.enum([...PRODUCTS, 'all'], { error: `product must be one of ${PRODUCTS.join(', ')} or all` }),
).transform((value) => (value === 'all' ? undefined : value))

export const waitlistQuerySchema = listQuerySchema.extend({
  product: productParam,
  status: param(z.enum(WAITLIST_STATUSES, { error: 'status must be active or inactive' })),
})
export const waitlistStatsQuerySchema = z.object({ product: productParam })
export const waitlistExportQuerySchema = waitlistStatsQuerySchema

export const contactsQuerySchema = listQuerySchema.extend({
  status: param(z.enum(CONTACT_STATUSES, { error: 'status must be unread, read or replied' })),
})

export const emailsQuerySchema = listQuerySchema.extend({
  type: param(
    z.enum(['all', ...EMAIL_TYPES], {
      error: `type must be all or one of ${EMAIL_TYPES.join(', ')}`,
    }),
  ).transform((value) => (value === 'all' ? undefined : value)),
})

/** The Overview's longest custom range, in days (a leap year, both ends included). */
export const OVERVIEW_MAX_RANGE_DAYS = 366

const calendarDate = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      error: `${name} must be a date (YYYY-MM-DD)`,
    })

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1

/**
 * The Overview's range: the last `days` days (default 30), or a custom range of UTC dates with
 * both ends included (`from=2026-10-01&to=2026-10-31`). Parsed by the date picker too.
 */
export const overviewQuerySchema = z
  .object({
    days: param(wholeNumber('days', 1, 365)),
    from: param(calendarDate('from')),
    to: param(calendarDate('to')),
  })
  .superRefine(({ days, from, to }, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message })
    if (days !== undefined && (from || to)) issue('days', 'Give either days or from and to')
    else if (from && !to) issue('to', 'to is required with from')
    else if (to && !from) issue('from', 'from is required with to')
    else if (from && to && from > to) issue('from', 'from must be on or before to')
    else if (from && to && daysBetween(from, to) > OVERVIEW_MAX_RANGE_DAYS)
      issue('to', `The range must be at most ${OVERVIEW_MAX_RANGE_DAYS} days`)
  })
  .transform(({ days, from, to }): { days: number } | { from: string; to: string } =>
    from && to ? { from, to } : { days: days ?? 30 },
  )
export type OverviewQuery = z.output<typeof overviewQuerySchema>

/** One person's records (GET, export and erase): the address, as every signup form stores it. */
export const personQuerySchema = z.object({ email: emailSchema() })

export const auditQuerySchema = listQuerySchema.omit({ search: true })

export const waitlistStatusSchema = z.object({
  status: z.enum(WAITLIST_STATUSES, { error: 'status must be active or inactive' }),
})
export const contactStatusSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'status must be unread, read or replied' }),
})
export const emailOpenedSchema = z.object({
  opened: z.boolean({ error: 'opened must be true or false' }),
})

export const FILL_ALL_FIELDS = 'Please fill in all fields'

/** The admin's reply to a contact message and the email to a waitlist entry (spec §5). */
export const adminEmailSchema = z.object({
  subject: z
    .string({ error: FILL_ALL_FIELDS })
    .trim()
    // A line break in a subject would start a new mail header.
    .refine((value) => !/[\r\n]/.test(value), { error: 'Subject must be one line', abort: true })
    .refine(isCleanLine, { error: CONTROL_CHARACTERS, abort: true })
    .min(1, { error: FILL_ALL_FIELDS })
    .max(200, { error: 'Subject must be at most 200 characters' }),
  message: longText(FILL_ALL_FIELDS)
    .min(1, { error: FILL_ALL_FIELDS })
    .max(20_000, { error: 'Message must be at most 20000 characters' }),
})
export type AdminEmail = z.output<typeof adminEmailSchema>

export const adminLoginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100)
    .refine(isCleanLine, { error: CONTROL_CHARACTERS }),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  // The second step of a sign-in that needs a second factor (decision 0210).
  secondFactor: secondFactorProofSchema.optional(),
})

export const idParamSchema = z.coerce
  .number({ error: 'id must be a positive whole number' })
  .int({ error: 'id must be a positive whole number' })
  .positive({ error: 'id must be a positive whole number' })
  .max(2_147_483_647, { error: 'id must be a positive whole number' })
