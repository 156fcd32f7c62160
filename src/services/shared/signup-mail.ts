import { createHmac, randomBytes } from 'node:crypto'

import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

import { bare, rate_limits as limits } from '@/db'
import { type BatchColumns, batchColumns, unnestRows, unnestValues } from '@/lib/db/prepared'
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
const signupMailKey = (email: string) =>
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
 * The column of a signup statement's rows that holds each address's key (`signupMailKey`): a
 * statement's rows have distinct addresses (ON CONFLICT DO UPDATE may not touch a row twice).
 */
const MAIL_KEY_COLUMN = 'mail_key'
export const MAIL_KEY = sql.identifier(MAIL_KEY_COLUMN)

/**
 * The fields every signup's row of a batch has, by the columns' names: its address's key
 * (`MAIL_KEY`) and the Message-ID of its email (`RECIPIENT.messageId`).
 */
export const signupMailFields = (email: string, messageId: string) => ({
  [MAIL_KEY_COLUMN]: signupMailKey(email),
  [MAIL_COLUMNS.messageId]: messageId,
})

/** The columns of `signupMailFields`, for a batch's `unnestRows`. */
export const SIGNUP_MAIL_COLUMNS: BatchColumns = {
  [MAIL_KEY_COLUMN]: 'text',
  [MAIL_COLUMNS.messageId]: 'text',
}

/**
 * An expression of a signup statement: the confirmations of its new signups go out now (one for
 * each row of `rows`, the expression that inserted them, by its MAIL_KEY).
 */
export const markSignupMail = (rows: string): SQL => sql`
  INSERT INTO ${limits} (${columns})
  SELECT ${sql.identifier(rows)}.${MAIL_KEY}, now(), 1, now(), now() FROM ${sql.identifier(rows)}
  ORDER BY 1
  ON CONFLICT (${bare(limits.key)}) DO UPDATE SET ${bare(limits.windowStart)} = now(),
    ${bare(limits.count)} = ${limits.count} + 1, ${bare(limits.updatedAt)} = now()`

/**
 * Claims the next email from a form of the addresses of `rows` (an earlier expression of the
 * statement, by its MAIL_KEY): returns, as MAIL_KEY, the keys of those to which none went out
 * within EMAIL_CONFIRM_RESEND_MINUTES (their time is now taken), none of the others. One statement,
 * so of concurrent signups of one address exactly one gets it.
 */
export const claimSignupMail = (rows: string): SQL => sql`
  INSERT INTO ${limits} (${columns})
  SELECT ${sql.identifier(rows)}.${MAIL_KEY}, now(), 1, now(), now() FROM ${sql.identifier(rows)}
  ORDER BY 1
  ON CONFLICT (${bare(limits.key)}) DO UPDATE SET ${bare(limits.windowStart)} = now(),
    ${bare(limits.count)} = ${limits.count} + 1, ${bare(limits.updatedAt)} = now()
  WHERE ${limits.windowStart} <= now() - make_interval(mins => ${env().EMAIL_CONFIRM_RESEND_MINUTES})
  RETURNING ${limits.key} AS ${MAIL_KEY}`

/** Stands for the referral code in an email rendered before the row is read (replaced in SQL). */
export const CODE_MARK = `code${randomBytes(12).toString('hex')}`

/** How every signup email begins (signupEmail in lib/email/signup.ts) when it names no one. */
const TEXT_GREETING = greetingOf(null)
const HTML_GREETING = `<p>${TEXT_GREETING}</p>`

/**
 * The text and HTML of a signup email whose greeting and referral code are those of the row the
 * statement that queues it writes or reads (a known address: found and mailed in one statement):
 * the email is rendered with no name and `CODE_MARK` for the code, its greeting cut off
 * (`signupMessages`), and SQL puts in the greeting (`greetingOf`'s, from the same parts) and the
 * code (as `encodeURIComponent` writes it). `message` names the message's row; `name` and `code`
 * are expressions of the statement.
 */
const personalized = (message: SQL, name: SQL, code?: SQL): { text: SQL; html: SQL } => {
  const greeting = sql`(${GREETING.opening}::text || coalesce(nullif(regexp_replace(${name}::text, ${TRIMMED}::text, '', 'g'), ''), ${GREETING.nobody}::text) || ${GREETING.closing}::text)`
  const rest = (body: SQL) =>
    code ? sql`replace(${body}, ${CODE_MARK}::text, ${uriComponent(code)})` : body
  return {
    text: sql`(${greeting} || ${rest(sql`${message}.${MESSAGE.text}`)})`,
    html: sql`('<p>' || ${escapedHtml(greeting)} || '</p>' || ${rest(sql`${message}.${MESSAGE.html}`)})`,
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

/** The columns of `signupMessages`' rows (the keys of `signupMessageRows`' objects). */
const MESSAGES = batchColumns({
  key: ['message_key', 'text'],
  subject: ['message_subject', 'text'],
  text: ['message_text', 'text'],
  html: ['message_html', 'text'],
  tags: ['message_tags', 'jsonb'],
})
const MESSAGE = MESSAGES.ref
const MESSAGE_COLUMNS = MESSAGES.name

type SignupMessage = { subject: string; text: string; html: string; tags: string[] }

/**
 * The messages a signup statement may queue, as rows (an expression of the statement), from its
 * placeholders (`signupMessageValues`), so the statement's text is the same whatever the messages.
 */
export const signupMessages = (): SQL => sql`SELECT * FROM ${unnestRows('m', MESSAGES.types)}`

/** The values of `signupMessages`' placeholders, from `signupMessageRows`. */
export const signupMessageValues = (rows: ReturnType<typeof signupMessageRows>) =>
  unnestValues(MESSAGES.types, rows)

/**
 * The rows of `signupMessages`, each under the key its recipients name it by: rendered for no one
 * (signupEmail with no name; `CODE_MARK` for a referral code), the greeting cut off, which the
 * statement writes for each person.
 */
export const signupMessageRows = (messages: Record<string, SignupMessage>) =>
  Object.entries(messages).map(([key, message]) => {
    if (!message.text.startsWith(TEXT_GREETING) || !message.html.startsWith(HTML_GREETING))
      throw new Error('a signup email begins with its greeting')
    return {
      [MESSAGE_COLUMNS.key]: key,
      [MESSAGE_COLUMNS.subject]: message.subject,
      [MESSAGE_COLUMNS.text]: message.text.slice(TEXT_GREETING.length),
      [MESSAGE_COLUMNS.html]: message.html.slice(HTML_GREETING.length),
      [MESSAGE_COLUMNS.tags]: message.tags,
    }
  })

/**
 * The columns of a signup statement's recipients (an expression of the statement, one row per
 * email): the address, the name and referral code that go into the email, the key of its message
 * (`signupMessages`), its Message-ID, the waitlist entry.
 */
export const RECIPIENT = {
  to: sql.identifier(MAIL_COLUMNS.to),
  name: sql.identifier('mail_name'),
  code: sql.identifier('mail_code'),
  message: sql.identifier('mail_message'),
  messageId: sql.identifier(MAIL_COLUMNS.messageId),
  entryId: sql.identifier(MAIL_COLUMNS.waitlistEntryId),
}

/**
 * The expressions that queue a signup statement's emails: one to each row of `recipients` (with
 * RECIPIENT's columns; `entryId` only when `hasEntry`, `code` only when `hasCode`), the message of
 * `messages` (an expression of `signupMessages`) it names, with the row's greeting and referral
 * code. Names its expression `mail`, then as `emailRowsWrites`.
 */
export const signupMailWrites = (
  recipients: string,
  messages: string,
  options: { hasEntry?: boolean; hasCode?: boolean } = {},
): SQL => {
  const r = sql.identifier(recipients)
  const m = sql.identifier(messages)
  const body = personalized(
    sql`${m}`,
    sql`${r}.${RECIPIENT.name}`,
    options.hasCode ? sql`${r}.${RECIPIENT.code}` : undefined,
  )
  const column = (name: keyof typeof MAIL_COLUMNS) => sql.identifier(MAIL_COLUMNS[name])
  return sql`
    mail AS (
      SELECT ${r}.${RECIPIENT.to},
        ${options.hasEntry ? sql`${r}.${RECIPIENT.entryId}` : sql`NULL::integer`} AS ${RECIPIENT.entryId},
        ${m}.${MESSAGE.subject} AS ${column('subject')}, ${body.text} AS ${column('text')},
        ${body.html} AS ${column('html')}, ${r}.${RECIPIENT.messageId},
        ${m}.${MESSAGE.tags} AS ${column('tags')}
      FROM ${r} JOIN ${m} ON ${m}.${MESSAGE.key} = ${r}.${RECIPIENT.message}),
    ${emailRowsWrites('mail', 'confirmation')}`
}
