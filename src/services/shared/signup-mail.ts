import { createHmac, randomBytes } from 'node:crypto'

import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

import { bare, rate_limits as limits } from '@/db'
import { env } from '@/lib/env'
import { GREETING, greetingOf } from '@/lib/email/signup'

import { MAIL_COLUMNS, emailRowsWrites } from '../email/queue'

/**
 * The signup forms answer a known address as they answer a new one, and tell the person by email
 * instead (decision 0163). So that no one can mail-bomb an address through a form, an address gets
 * at most one such email per EMAIL_CONFIRM_RESEND_MINUTES from all the forms together, and none in
 * that time after a new signup's confirmation: the last one's time is kept in PostgreSQL (shared by
 * every instance), under a key no one can read the address back from, in the rate-limit table
 * (swept after an hour, like its other windows).
 */
const keyOf = (email: string) =>
  `signup-mail:${createHmac('sha256', env().PAYLOAD_SECRET)
    .update(`signup-mail:${email.trim().toLowerCase()}`)
    .digest('base64url')}`

const columns = bare(
  limits.key,
  limits.windowStart,
  limits.count,
  limits.updatedAt,
  limits.createdAt,
)

/**
 * An expression of a signup statement: a new signup's confirmation goes out now (when `after`, the
 * expression that inserts the new row, has one).
 */
export const markSignupMail = (email: string, after: string): SQL => sql`
  INSERT INTO ${limits} (${columns})
  SELECT ${keyOf(email)}::text, now(), 1, now(), now() FROM ${sql.identifier(after)}
  ON CONFLICT (${bare(limits.key)}) DO UPDATE SET ${bare(limits.windowStart)} = now(),
    ${bare(limits.count)} = ${limits.count} + 1, ${bare(limits.updatedAt)} = now()`

/**
 * Claims the address's next email from a form: an expression (of the caller's statement or
 * transaction) that returns a row when none went out within EMAIL_CONFIRM_RESEND_MINUTES (and the
 * time is now taken), none otherwise. One statement, so of concurrent signups of one address
 * exactly one gets it. With `after`, the name of an earlier expression of the same statement, it
 * claims only when that one has a row (a signup's known address).
 */
export const claimSignupMail = (email: string, after?: string): SQL => sql`
  INSERT INTO ${limits} (${columns})
  ${
    after
      ? sql`SELECT ${keyOf(email)}::text, now(), 1, now(), now() FROM ${sql.identifier(after)}`
      : sql`VALUES (${keyOf(email)}, now(), 1, now(), now())`
  }
  ON CONFLICT (${bare(limits.key)}) DO UPDATE SET ${bare(limits.windowStart)} = now(),
    ${bare(limits.count)} = ${limits.count} + 1, ${bare(limits.updatedAt)} = now()
  WHERE ${limits.windowStart} <= now() - make_interval(mins => ${env().EMAIL_CONFIRM_RESEND_MINUTES})
  RETURNING ${limits.key}`

/** Stands for the referral code in an email rendered before the row is read (replaced in SQL). */
export const CODE_MARK = `code${randomBytes(12).toString('hex')}`

/** How every signup email begins (signupEmail in lib/email/signup.ts) when it names no one. */
const TEXT_GREETING = greetingOf(null)
const HTML_GREETING = `<p>${TEXT_GREETING}</p>`

/**
 * A signup email whose greeting and referral code are those of the stored row the statement that
 * queues it reads (a known address: found and mailed in one statement): the email is rendered with
 * no name and `CODE_MARK` for the code, and SQL puts in the greeting (`greetingOf`'s, from the
 * same parts) and the code (as `encodeURIComponent` writes it). `name` and `code` are expressions
 * of the statement.
 */
export const personalizedSignupEmail = (
  email: { text: string; html: string },
  name: SQL,
  code?: SQL,
): { text: SQL; html: SQL } => {
  if (!email.text.startsWith(TEXT_GREETING) || !email.html.startsWith(HTML_GREETING))
    throw new Error('a signup email begins with its greeting')
  const greeting = sql`(${GREETING.opening}::text || coalesce(nullif(regexp_replace(${name}::text, ${TRIMMED}::text, '', 'g'), ''), ${GREETING.nobody}::text) || ${GREETING.closing}::text)`
  const rest = (body: string) =>
    code
      ? sql`replace(${body}::text, ${CODE_MARK}::text, ${uriComponent(code)})`
      : sql`${body}::text`
  return {
    text: sql`(${greeting} || ${rest(email.text.slice(TEXT_GREETING.length))})`,
    html: sql`('<p>' || ${escapedHtml(greeting)} || '</p>' || ${rest(email.html.slice(HTML_GREETING.length))})`,
  }
}

/** The white space String.prototype.trim removes, at either end (a PostgreSQL regular expression). */
const SPACE = '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
const TRIMMED = `^${SPACE}+|${SPACE}+$`

/** `escapeHtml` (lib/email/html-text.ts) in SQL. */
const escapedHtml = (value: SQL) =>
  sql`replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`

/**
 * `encodeURIComponent(String(code))` in SQL: a referral code's letters and digits as they are,
 * anything else (an admin may edit a code) as its UTF-8 bytes in %XX; a missing code as "null".
 */
const uriComponent = (code: SQL) => sql`(
  SELECT coalesce(string_agg(CASE WHEN c ~ '^[A-Za-z0-9_.!~*''()-]$' THEN c
    ELSE upper(regexp_replace(encode(convert_to(c, 'UTF8'), 'hex'), '(..)', ${'%\\1'}::text, 'g'))
    END, '' ORDER BY n), '')
  FROM regexp_split_to_table(coalesce(${code}::text, 'null'), '') WITH ORDINALITY AS chars(c, n))`

/**
 * The columns of a signup statement's recipients (an expression of the statement, one row per
 * email): the address, the name and referral code that go into the email, whether the person is
 * confirmed, the waitlist entry.
 */
export const RECIPIENT = {
  to: sql.identifier(MAIL_COLUMNS.to),
  name: sql.identifier('mail_name'),
  code: sql.identifier('mail_code'),
  isConfirmed: sql.identifier('mail_confirmed'),
  entryId: sql.identifier(MAIL_COLUMNS.waitlistEntryId),
}

type SignupMessage = { subject: string; text: string; html: string; tags: string[] }

/**
 * The expressions that queue a signup statement's emails: one to each row of `recipients` (with
 * RECIPIENT's columns; `entryId` only when `hasEntry`), `confirmed` to a confirmed person and
 * `unconfirmed` to the others, each with the row's greeting (and referral code, when `hasCode`),
 * all under one Message-ID. Names its expressions `mail`, then as `emailRowsWrites`.
 */
export const signupMailWrites = (
  recipients: string,
  options: {
    confirmed: SignupMessage
    unconfirmed: SignupMessage
    messageId: string
    hasEntry?: boolean
    hasCode?: boolean
  },
): SQL => {
  const { confirmed, unconfirmed, messageId, hasEntry, hasCode } = options
  const code = hasCode ? sql`${RECIPIENT.code}` : undefined
  const toConfirmed = personalizedSignupEmail(confirmed, sql`${RECIPIENT.name}`, code)
  const toUnconfirmed = personalizedSignupEmail(unconfirmed, sql`${RECIPIENT.name}`, code)
  const either = (ifConfirmed: SQL, otherwise: SQL) =>
    sql`CASE WHEN ${RECIPIENT.isConfirmed} THEN ${ifConfirmed} ELSE ${otherwise} END`
  const column = (name: keyof typeof MAIL_COLUMNS) => sql.identifier(MAIL_COLUMNS[name])
  return sql`
    mail AS (
      SELECT ${RECIPIENT.to}, ${hasEntry ? RECIPIENT.entryId : sql`NULL::integer`} AS ${RECIPIENT.entryId},
        ${either(sql`${confirmed.subject}::text`, sql`${unconfirmed.subject}::text`)} AS ${column('subject')},
        ${either(toConfirmed.text, toUnconfirmed.text)} AS ${column('text')},
        ${either(toConfirmed.html, toUnconfirmed.html)} AS ${column('html')},
        ${messageId}::text AS ${column('messageId')},
        ${either(sql`${JSON.stringify(confirmed.tags)}::jsonb`, sql`${JSON.stringify(unconfirmed.tags)}::jsonb`)} AS ${column('tags')}
      FROM ${sql.identifier(recipients)}),
    ${emailRowsWrites('mail', 'confirmation')}`
}
