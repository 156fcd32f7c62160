import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import type { z } from 'zod'

import { alias, bare, enum_waitlist_entries_product, enumType, waitlist_entries } from '@/db'
import { PRODUCT_LABELS, type Product } from '@/lib/constants'
import { batchColumns, preparedStatement, unnestRows, unnestValues } from '@/lib/db/prepared'
import { env } from '@/lib/env'
import { waitlistAlreadyJoinedEmail, waitlistConfirmationEmail } from '@/lib/email/waitlist'
import { newReferralCode, referralUrl, sameAddressKey } from '@/lib/referrals'
import type { waitlistSignupSchema } from '@/schemas/waitlist'

import {
  hashToken,
  newMessageId,
  redactedWaitlistConfirmUrl,
  redactedWaitlistStatusUrl,
  waitlistConfirmToken,
  waitlistStatusToken,
} from '../email/secret-links'
import { consentInsert } from '../shared/consent'
import { type Signup, signupBatches } from '../shared/signup-batch'
import {
  CODE_MARK,
  MAIL_KEY,
  RECIPIENT,
  claimSignupMail,
  markSignupMail,
  SIGNUP_MAIL_COLUMNS,
  signupMailFields,
  signupMailWrites,
  signupMessageRows,
  signupMessageValues,
  signupMessages,
} from '../shared/signup-mail'

type SignupInput = z.output<typeof waitlistSignupSchema>

/** The answer to every valid signup, new address or known: it tells no one which (decision 0163). */
export type WaitlistSignupAnswer = { email: string; product: Product }

/**
 * The confirmation email of an entry, with its two secret links (confirm; see my place in line)
 * derived from its Message-ID and stored redacted (decision 0061), and the referral link. The
 * confirm link works EMAIL_CONFIRM_TTL_HOURS. Rendered for no name and CODE_MARK's code: the
 * statement puts in the entry's own (`signupMailWrites`).
 */
const confirmationEmail = (product: Product) =>
  waitlistConfirmationEmail({
    confirmUrl: redactedWaitlistConfirmUrl(),
    statusUrl: redactedWaitlistStatusUrl(),
    referralUrl: referralUrl(product, CODE_MARK),
    productLabel: PRODUCT_LABELS[product],
    name: null,
    hours: env().EMAIL_CONFIRM_TTL_HOURS,
  })

/** To a confirmed entry signed up again: its new link to its place in line, its referral link. */
const alreadyJoinedEmail = (product: Product) =>
  waitlistAlreadyJoinedEmail({
    statusUrl: redactedWaitlistStatusUrl(),
    referralUrl: referralUrl(product, CODE_MARK),
    productLabel: PRODUCT_LABELS[product],
    name: null,
  })

/** The key of a product's message to a new or unconfirmed entry, or to a confirmed one. */
const messageKey = (confirmed: boolean, product: string) =>
  `${confirmed ? 'already-joined' : 'confirmation'}:${product}`

/**
 * The rows of a product's two messages (`signupMessageRows`), by `messageKey`: the same for the
 * life of the process (env() is read once; CODE_MARK stands for each entry's code), so rendered
 * once per product, not for every batch.
 */
const productMessages = new Map<Product, ReturnType<typeof signupMessageRows>>()
const messagesOf = (product: Product) => {
  let rows = productMessages.get(product)
  if (!rows) {
    rows = signupMessageRows({
      [messageKey(false, product)]: {
        ...confirmationEmail(product),
        tags: ['double-opt-in', 'waitlist'],
      },
      [messageKey(true, product)]: {
        ...alreadyJoinedEmail(product),
        tags: ['waitlist', 'already-joined'],
      },
    })
    productMessages.set(product, rows)
  }
  return rows
}

/** The columns of a batch's signups, one row each (the keys of `writeSignups`' rows). */
const SIGNUP = batchColumns(
  {
    email: ['in_email', 'text'],
    name: ['in_name', 'text'],
    product: ['in_product', 'text'],
    interests: ['in_interests', 'jsonb'],
    source: ['in_source', 'text'],
    code: ['in_code', 'text'],
    ref: ['in_ref', 'text'],
    sameAddress: ['in_same_address', 'text'],
    confirmHash: ['in_confirm_hash', 'text'],
    statusHash: ['in_status_hash', 'text'],
    ip: ['in_ip', 'text'],
  },
  SIGNUP_MAIL_COLUMNS,
)
const IN = SIGNUP.ref

/**
 * The waitlist signups of a batch (shared/signup-batch.ts), new addresses or known, in one statement
 * (decisions 0115, 0241, 0275); each signup as it would be with a statement of its own. Its rows
 * and the messages of its products go as one array per column (`unnestRows`).
 *
 * A new address and product: the entry (with its referral code, the referrer when `ref` names
 * another person's entry of the same product, and the hashes of its confirmation tokens), its
 * consent, and the queued confirmation email — stored together or not at all, committed when it
 * returns. The unique index on (email, product) decides between concurrent duplicates: one insert
 * wins, every other inserts nothing.
 *
 * A known one (the insert did nothing) gets the same answer and an email, unless the address got
 * one from a form within EMAIL_CONFIRM_RESEND_MINUTES (shared/signup-mail.ts): an unconfirmed entry
 * its confirmation again, with new links (the earlier ones stop working, and the new confirm link
 * works EMAIL_CONFIRM_TTL_HOURS), a confirmed one "you're already on the waitlist" with a new link
 * to its place in line. The entry's own name and referral code go into the email, never the name
 * typed into the form. The statement sees the entries committed before it began: a duplicate
 * committed while it ran (a concurrent signup of the address, which sent the confirmation) gets no
 * second email.
 *
 * Each signup's emails share one Message-ID, the source of the tokens stored: only one of them is
 * sent. Entries are inserted and rate-limit rows locked in key order, so two batches cannot
 * deadlock on each other's rows.
 */
const writeSignups = async (payload: Payload, signups: Signup<SignupInput>[]) => {
  const rows = signups.map(({ input, ip }) => {
    const messageId = newMessageId()
    return {
      in_email: input.email,
      in_name: input.name ?? null,
      in_product: input.product,
      in_interests: input.interests ?? [],
      in_source: input.referralSource || null,
      in_code: newReferralCode(),
      in_ref: input.ref ?? null,
      in_same_address: sameAddressKey(input.email),
      in_confirm_hash: hashToken(waitlistConfirmToken(messageId)),
      in_status_hash: hashToken(waitlistStatusToken(messageId)),
      in_ip: ip,
      ...signupMailFields(input.email, messageId),
    }
  })
  const products = new Set(signups.map(({ input }) => input.product))
  await writeStatement(payload, {
    ...unnestValues(SIGNUP.types, rows),
    ...signupMessageValues([...products].flatMap(messagesOf)),
  })
}

/** `writeSignups`' statement, built once. */
const writeStatement = preparedStatement<Record<string, unknown[]>>('join-waitlist', () => {
  const ttlSeconds = env().EMAIL_CONFIRM_TTL_HOURS * 3600
  const e = waitlist_entries
  const r = alias(waitlist_entries, 'r')
  const k = alias(waitlist_entries, 'k')
  const u = alias(waitlist_entries, 'u')
  const i = sql.identifier('i')
  const product = sql`${i}.${IN.product}::${enumType(enum_waitlist_entries_product)}`
  const { to, name, code, message, messageId, entryId } = RECIPIENT
  const confirmed = sql.identifier('mail_confirmed')
  const reminded = sql.identifier('reminded')
  return sql`
    WITH signup AS (SELECT * FROM ${unnestRows('i', SIGNUP.types)}),
    messages AS (${signupMessages()}),
    entry AS (
      INSERT INTO ${e} (${bare(e.email, e.name, e.product, e.status, e.interests, e.referralSource, e.joinedAt, e.referralCode, e.referredBy, e.confirmToken, e.confirmExpires, e.statusToken)})
      SELECT ${i}.${IN.email}, ${i}.${IN.name}, ${product}, 'inactive', ${i}.${IN.interests},
        ${i}.${IN.source}, now(), ${i}.${IN.code},
        (SELECT ${r.id} FROM ${e} ${r}
          WHERE ${i}.${IN.ref} IS NOT NULL AND ${r.referralCode} = ${i}.${IN.ref}
            AND ${r.product} = ${product}
            AND regexp_replace(lower(${r.email}), '\\+[^@]*@', '@') <> ${i}.${IN.sameAddress}),
        ${i}.${IN.confirmHash}, now() + make_interval(secs => ${ttlSeconds}::integer),
        ${i}.${IN.statusHash}
      FROM signup ${i}
      ORDER BY ${i}.${IN.email}, ${i}.${IN.product}
      ON CONFLICT (${bare(e.email, e.product)}) DO NOTHING
      RETURNING ${bare(e.id, e.email, e.product)}),
    fresh AS (
      SELECT ${i}.*, entry.${bare(e.id)} AS ${entryId} FROM signup ${i}
      JOIN entry ON entry.${bare(e.email)} = ${i}.${IN.email} AND entry.${bare(e.product)} = ${product}),
    consent AS (${consentInsert(
      {
        email: sql`fresh.${IN.email}`,
        consentType: 'waitlist',
        ipAddress: sql`fresh.${IN.ip}`,
        source: sql`'waitlist:' || fresh.${IN.product}`,
        metadata: sql`jsonb_build_object('product', fresh.${IN.product})`,
      },
      'fresh',
    )}),
    mark AS (${markSignupMail('fresh')}),
    known AS (
      SELECT ${i}.*, ${k.id} AS ${entryId}, ${k.email} AS ${to}, ${k.name} AS ${name},
        ${k.referralCode} AS ${code}, ${k.confirmedAt} IS NOT NULL AS ${confirmed}
      FROM signup ${i} JOIN ${e} ${k} ON ${k.email} = ${i}.${IN.email} AND ${k.product} = ${product}
      WHERE NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.${IN.email} = ${i}.${IN.email}
        AND fresh.${IN.product} = ${i}.${IN.product})),
    claim AS (${claimSignupMail('known')}),
    reminded AS (
      UPDATE ${e} ${u} SET
        ${bare(e.confirmToken)} = CASE WHEN known.${confirmed} THEN ${u.confirmToken} ELSE known.${IN.confirmHash} END,
        ${bare(e.confirmExpires)} = CASE WHEN known.${confirmed} THEN ${u.confirmExpires}
          ELSE now() + make_interval(secs => ${ttlSeconds}::integer) END,
        ${bare(e.statusToken)} = known.${IN.statusHash}, ${bare(e.updatedAt)} = now()
      FROM known JOIN claim ON claim.${MAIL_KEY} = known.${MAIL_KEY}
      WHERE ${u.id} = known.${entryId} AND (${u.confirmedAt} IS NOT NULL) = known.${confirmed}
      RETURNING known.*),
    recipient AS (
      SELECT fresh.${entryId}, fresh.${IN.email} AS ${to}, fresh.${IN.name} AS ${name},
        fresh.${IN.code} AS ${code}, ${messageKeySql(sql`false`, sql`fresh.${IN.product}`)} AS ${message},
        fresh.${messageId}
      FROM fresh
      UNION ALL SELECT ${reminded}.${entryId}, ${reminded}.${to}, ${reminded}.${name},
        ${reminded}.${code}, ${messageKeySql(sql`${reminded}.${confirmed}`, sql`${reminded}.${IN.product}`)},
        ${reminded}.${messageId}
      FROM reminded),
    ${signupMailWrites('recipient', 'messages', { hasEntry: true, hasCode: true })}
    SELECT count(*) FROM entry`
})

/** `messageKey` in SQL. */
const messageKeySql = (confirmed: SQL, product: SQL) =>
  sql`(CASE WHEN ${confirmed} THEN ${messageKey(true, '')}::text ELSE ${messageKey(false, '')}::text END || ${product})`

/**
 * A waitlist signup, new address or known (`writeSignups`), written with the others of its batch;
 * resolves when it is committed.
 */
const join = signupBatches(writeSignups)

export const joinWaitlist = async (
  payload: Payload,
  input: SignupInput,
  ip: string,
): Promise<WaitlistSignupAnswer> => {
  await join(payload, input, ip)
  return { email: input.email, product: input.product }
}
