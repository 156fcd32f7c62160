import { randomBytes } from 'node:crypto'
import { Readable, Transform } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

import { sql } from '@payloadcms/db-postgres/drizzle'
import { parse } from 'csv-parse'
import type { Payload } from 'payload'

import type { AdminUser } from '@/access/admin'
import {
  alias,
  bare,
  consents,
  email_logs,
  enum_email_logs_email_type,
  enum_email_logs_status,
  enum_payload_jobs_task_slug,
  enumType,
  newsletter_import_rows,
  newsletter_imports,
  newsletter_subscribers,
  payload_jobs,
} from '@/db'
import { EMAIL_QUEUE } from '@/lib/constants'
import { senderEmail } from '@/lib/email/addresses'
import { escapeHtml } from '@/lib/email/html-text'
import { greetingName } from '@/lib/email/signup'
import { IMPORT_BODY_LIMIT } from '@/lib/body-limit'
import { AppError, badRequest } from '@/lib/errors'
import {
  IMPORT_CONSENT_TEXT,
  IMPORT_MAX_ROWS,
  type ImportStart,
  importRowSchema,
} from '@/schemas/newsletter-import'
import { fieldErrors } from '@/schemas/common'
import { skipReasonSql } from '@/services/email/eligibility'
import { sendEmailJobs } from '@/services/email/queue'
import { confirmationToken, hashToken, newMessageId } from '@/services/email/secret-links'
import { newConfirmation } from '@/services/newsletter/subscribe'
import { inTransaction } from '@/services/shared/transaction'

import { recordAudit } from './audit'

const imports = newsletter_imports
const staged = newsletter_import_rows
const r = alias(newsletter_import_rows, 'r')
const s = alias(newsletter_subscribers, 's')

/** Largest CSV accepted (the REST route's body limit lets it through: src/lib/body-limit.ts). */
export { IMPORT_BODY_LIMIT }
/**
 * Rows written per statement, at preview and by the job: a million-row import commits 200
 * batches, not 1,000 (each batch's transaction and bookkeeping cost as much as some hundreds of
 * rows: 985 against 774 rows/s measured, decision 0266).
 */
export const IMPORT_BATCH = 5000
/** Invalid rows the preview lists (all are counted). */
const INVALID_SHOWN = 20

export const TOO_MANY_ROWS = `A file may have at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows.`
export const NO_EMAIL_COLUMN = 'The file needs a header row with an "email" column.'
export const IMPORT_STARTED = 'This import has already been started.'
export const IMPORT_NOT_FOUND = 'Import not found'

export type InvalidRow = { row: number; field: string; message: string }

export type ImportPreview = {
  importId: number
  valid: number
  duplicate: number
  invalid: number
  invalidRows: InvalidRow[]
}

export type ImportProgress = {
  importId: number
  status: 'previewed' | 'queued' | 'running' | 'done' | 'failed'
  total: number
  processed: number
  inserted: number
  skipped: number
  valid: number
  duplicate: number
  invalid: number
  alreadyConfirmed: boolean
}

/** A header cell → the field it holds ("First name", "first_name", "firstName" → firstName). */
const COLUMNS: Record<string, 'email' | 'firstName' | 'interests'> = {
  email: 'email',
  emailaddress: 'email',
  firstname: 'firstName',
  name: 'firstName',
  interests: 'interests',
}
const columnOf = (header: string) => COLUMNS[header.toLowerCase().replace(/[^a-z]/g, '')]

/** Interests in one cell, separated by semicolons, vertical bars or commas. */
const interestsOf = (cell: string | undefined) =>
  (cell ?? '')
    .split(/[;|,]/)
    .map((part) => part.trim())
    .filter(Boolean)

type StagedRow = { row: number; email: string; firstName: string | null; interests: string[] }

/** Counts the body's bytes as it streams: past the limit the request is a 413. */
const limited = (limit: number) => {
  let size = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength
      if (size > limit) done(tooLarge())
      else done(null, chunk)
    },
  })
}

const tooLarge = () =>
  new AppError(413, `The file is too large (limit ${IMPORT_BODY_LIMIT / 1024 / 1024} MB)`)

/** Writes staged rows; a repeat of an address already staged is skipped. Returns the rows written. */
const stage = async (payload: Payload, importId: number, rows: StagedRow[]) => {
  if (rows.length === 0) return 0
  const result = await payload.db.drizzle.execute(sql`
    INSERT INTO ${staged} (${bare(staged.import, staged.rowNumber, staged.email, staged.firstName, staged.interests)})
    SELECT ${importId}::integer, r.row, ${r.email}, ${r.firstName}, ${r.interests}
    FROM jsonb_to_recordset(${JSON.stringify(
      rows.map((row) => ({ ...row, first_name: row.firstName })),
    )}::jsonb) AS ${r}(row integer, ${bare(staged.email)} text, ${bare(staged.firstName)} text,
      ${bare(staged.interests)} jsonb)
    ON CONFLICT DO NOTHING`)
  return result.rowCount ?? 0
}

/**
 * Previews of a day ago that were never started: their staged rows (addresses) and the record go.
 * Run at every preview and by the daily retention purge. Returns the previews forgotten.
 */
export const forgetStalePreviews = async (payload: Payload): Promise<number> => {
  const stale = sql`SELECT ${bare(imports.id)} FROM ${imports}
    WHERE ${bare(imports.status)} = 'previewed' AND ${bare(imports.createdAt)} < now() - interval '1 day'`
  await payload.db.drizzle.execute(
    sql`DELETE FROM ${staged} WHERE ${bare(staged.import)} IN (${stale})`,
  )
  const result = await payload.db.drizzle.execute(
    sql`DELETE FROM ${imports} WHERE ${bare(imports.id)} IN (${stale})`,
  )
  return result.rowCount ?? 0
}

/**
 * Step one: reads the CSV as it streams in (never the whole file at once), validates each row with
 * the signup form's rules and stages the valid, new ones for the job in batches. Duplicates are
 * rows repeating an earlier address of the file, or addresses already subscribed (any case).
 */
export const previewImport = async (
  payload: Payload,
  user: AdminUser,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
): Promise<ImportPreview> => {
  if (declaredLength > IMPORT_BODY_LIMIT) throw tooLarge()
  if (!body)
    throw badRequest('Choose a CSV file to import', { file: 'Choose a CSV file to import' })
  await forgetStalePreviews(payload)
  const created = await payload.db.drizzle.execute(sql`
    INSERT INTO ${imports} (${bare(imports.createdBy, imports.username, imports.status)})
    VALUES (${user.id}, ${user.username}, 'previewed') RETURNING ${bare(imports.id)}`)
  const importId = (created.rows[0] as { id: number }).id
  try {
    const counts = await parseAndStage(payload, importId, body)
    // Addresses already subscribed (any case) are duplicates too; they are not staged.
    const existing = await payload.db.drizzle.execute(sql`
      DELETE FROM ${staged} ${r} USING ${newsletter_subscribers} ${s}
      WHERE ${r.import} = ${importId} AND lower(${s.email}) = ${r.email}`)
    const duplicate = counts.duplicate + (existing.rowCount ?? 0)
    const total = counts.valid - duplicate
    await payload.db.drizzle.execute(sql`
      UPDATE ${imports} SET ${bare(imports.valid)} = ${counts.valid},
        ${bare(imports.duplicate)} = ${duplicate},
        ${bare(imports.invalid)} = ${counts.invalid}, ${bare(imports.total)} = ${total},
        ${bare(imports.invalidRows)} = ${JSON.stringify(counts.invalidRows)}::jsonb,
        ${bare(imports.updatedAt)} = now()
      WHERE ${bare(imports.id)} = ${importId}`)
    return { importId, ...counts, duplicate }
  } catch (error) {
    await payload.db.drizzle.execute(
      sql`DELETE FROM ${staged} WHERE ${bare(staged.import)} = ${importId}`,
    )
    await payload.db.drizzle.execute(
      sql`DELETE FROM ${imports} WHERE ${bare(imports.id)} = ${importId}`,
    )
    throw error
  }
}

const parseAndStage = async (
  payload: Payload,
  importId: number,
  body: ReadableStream<Uint8Array>,
) => {
  let valid = 0
  let duplicate = 0
  let invalid = 0
  let rows = 0
  const invalidRows: InvalidRow[] = []
  let batch: StagedRow[] = []
  const flush = async () => {
    const written = await stage(payload, importId, batch)
    duplicate += batch.length - written
    batch = []
  }
  let columnsSeen: string[] = []
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    columns: (header: string[]) => {
      columnsSeen = header.map((cell) => columnOf(cell) ?? '')
      return columnsSeen.map((column, index) => column || `ignored${index}`)
    },
  })
  const source = Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>)
  const input = source.pipe(limited(IMPORT_BODY_LIMIT))
  // A client that goes away, or a body past the limit, ends the parse with that error.
  source.on('error', (error) => parser.destroy(error))
  input.on('error', (error) => parser.destroy(error))
  input.pipe(parser)
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      if (!columnsSeen.includes('email'))
        throw badRequest(NO_EMAIL_COLUMN, { file: NO_EMAIL_COLUMN })
      rows += 1
      if (rows > IMPORT_MAX_ROWS) throw badRequest(TOO_MANY_ROWS, { file: TOO_MANY_ROWS })
      // Row 1 is the header: the first person is on row 2, as a spreadsheet shows it.
      const row = rows + 1
      const parsed = importRowSchema.safeParse({
        email: record.email ?? '',
        firstName: record.firstName || undefined,
        interests: interestsOf(record.interests),
      })
      if (!parsed.success) {
        invalid += 1
        if (invalidRows.length < INVALID_SHOWN) {
          const [field, message] = Object.entries(fieldErrors(parsed.error))[0] ?? ['row', '']
          invalidRows.push({ row, field: field.split('.')[0], message })
        }
        continue
      }
      valid += 1
      batch.push({
        row,
        email: parsed.data.email,
        firstName: parsed.data.firstName || null,
        interests: parsed.data.interests ?? [],
      })
      if (batch.length >= IMPORT_BATCH) await flush()
    }
  } catch (error) {
    source.destroy()
    if (error instanceof AppError) throw error
    const message = `The file is not valid CSV: ${error instanceof Error ? error.message : 'unreadable'}`
    throw badRequest(message, { file: message })
  }
  if (!columnsSeen.includes('email')) throw badRequest(NO_EMAIL_COLUMN, { file: NO_EMAIL_COLUMN })
  await flush()
  return { valid, duplicate, invalid, invalidRows }
}

type ImportRecord = {
  id: number
  status: ImportProgress['status']
  total: string
  processed: string
  inserted: string
  skipped: string
  valid: string
  duplicate: string
  invalid: string
  cursor: string
  already_confirmed: boolean
  created_by_id: number | null
  consent_confirmed_by: string | null
  consent_confirmed_at: string | null
  consent_ip: string | null
}

const findImport = async (payload: Payload, importId: number) => {
  const result = await payload.db.drizzle.execute(
    sql`SELECT * FROM ${imports} WHERE ${bare(imports.id)} = ${importId}`,
  )
  return result.rows[0] as ImportRecord | undefined
}

const progressOf = (record: ImportRecord): ImportProgress => ({
  importId: record.id,
  status: record.status,
  total: Number(record.total),
  processed: Number(record.processed),
  inserted: Number(record.inserted),
  skipped: Number(record.skipped),
  valid: Number(record.valid),
  duplicate: Number(record.duplicate),
  invalid: Number(record.invalid),
  alreadyConfirmed: record.already_confirmed,
})

export const importProgress = async (payload: Payload, importId: number) => {
  const record = await findImport(payload, importId)
  if (!record) throw new AppError(404, IMPORT_NOT_FOUND)
  return progressOf(record)
}

/**
 * Step two: the admin confirms that these people gave consent (recorded with the admin's name and
 * the time) and the import job is queued in the same statement, once per import.
 */
export const startImport = async (
  payload: Payload,
  user: AdminUser,
  importId: number,
  input: ImportStart,
  ip: string,
) => {
  const result = await payload.db.drizzle.execute(sql`
    WITH started AS (
      UPDATE ${imports} SET ${bare(imports.status)} = 'queued',
        ${bare(imports.alreadyConfirmed)} = ${input.alreadyConfirmed},
        ${bare(imports.consentConfirmedBy)} = ${user.username},
        ${bare(imports.consentConfirmedAt)} = now(),
        ${bare(imports.consentIp)} = ${ip}, ${bare(imports.updatedAt)} = now()
      WHERE ${bare(imports.id)} = ${importId} AND ${bare(imports.status)} = 'previewed'
      RETURNING ${bare(imports.id)}),
    job AS (
      INSERT INTO ${payload_jobs} (${bare(payload_jobs.input, payload_jobs.taskSlug, payload_jobs.queue)})
      SELECT jsonb_build_object('importId', ${bare(imports.id)}),
        'importNewsletterSubscribers'::${enumType(enum_payload_jobs_task_slug)},
        ${EMAIL_QUEUE}::text
      FROM started)
    SELECT ${bare(imports.id)} FROM started`)
  if (result.rows.length === 0) {
    if (!(await findImport(payload, importId))) throw new AppError(404, IMPORT_NOT_FOUND)
    throw new AppError(409, IMPORT_STARTED)
  }
  const progress = await importProgress(payload, importId)
  await recordAudit(payload, user, {
    action: 'newsletter.import',
    targetCollection: 'newsletter-imports',
    targetId: importId,
    details: { rows: progress.total, alreadyConfirmed: input.alreadyConfirmed },
  })
  return progress
}

type BatchRow = { id: number; email: string; first_name: string | null; interests: string[] }

/**
 * The job: the staged rows in batches of IMPORT_BATCH, each in one transaction that moves the
 * import's cursor past the batch (only from where it was read, so two runners never both do it)
 * and writes, in one statement, the new subscribers (an address subscribed meanwhile, any case,
 * is skipped by the unique index or the lookup), a consent row per person (source `import`, the
 * admin's name and the time they confirmed) and, unless already confirmed elsewhere, the
 * confirmation email. A restarted job continues after the last batch done. Returns the count
 * inserted by this run.
 */
export const runNewsletterImport = async (payload: Payload, importId: number) => {
  const record = await findImport(payload, importId)
  if (!record || record.status === 'done' || record.status === 'previewed') return 0
  await payload.db.drizzle.execute(sql`
    UPDATE ${imports} SET ${bare(imports.status)} = 'running', ${bare(imports.updatedAt)} = now()
    WHERE ${bare(imports.id)} = ${importId}`)
  const confirmed = record.already_confirmed
  let inserted = 0
  let cursor = Number(record.cursor)
  for (;;) {
    const read = await payload.db.drizzle.execute(sql`
      SELECT ${bare(staged.id, staged.email, staged.firstName, staged.interests)} FROM ${staged}
      WHERE ${bare(staged.import)} = ${importId} AND ${bare(staged.id)} > ${cursor}
      ORDER BY ${bare(staged.id)} LIMIT ${IMPORT_BATCH}`)
    const rows = read.rows as BatchRow[]
    if (rows.length === 0) break
    const next = rows[rows.length - 1].id
    const done = await inTransaction(payload, async (tx) => {
      const moved = await tx.db.execute(sql`
        UPDATE ${imports} SET ${bare(imports.cursor)} = ${next}, ${bare(imports.updatedAt)} = now()
        WHERE ${bare(imports.id)} = ${importId} AND ${bare(imports.cursor)} = ${cursor}
        RETURNING ${bare(imports.id)}`)
      if (moved.rows.length === 0) return null
      const written = await tx.db.execute(importBatch(importId, record, confirmed, rows))
      const count = Number((written.rows[0] as { n: string }).n)
      await tx.db.execute(sql`
        UPDATE ${imports} SET ${bare(imports.processed)} = ${bare(imports.processed)} + ${rows.length},
          ${bare(imports.inserted)} = ${bare(imports.inserted)} + ${count},
          ${bare(imports.skipped)} = ${bare(imports.skipped)} + ${rows.length - count}
        WHERE ${bare(imports.id)} = ${importId}`)
      return count
    })
    // Another runner took this batch: continue from where it has got to.
    if (done === null) {
      cursor = Number((await findImport(payload, importId))?.cursor ?? next)
      continue
    }
    inserted += done
    cursor = next
  }
  await payload.db.drizzle.execute(sql`
    UPDATE ${imports} SET ${bare(imports.status)} = 'done', ${bare(imports.finishedAt)} = now(),
      ${bare(imports.updatedAt)} = now()
    WHERE ${bare(imports.id)} = ${importId}`)
  await payload.db.drizzle.execute(
    sql`DELETE FROM ${staged} WHERE ${bare(staged.import)} = ${importId}`,
  )
  return inserted
}

/** One batch's statement; answers `n`, the subscribers it inserted. */
const importBatch = (
  importId: number,
  record: ImportRecord,
  confirmed: boolean,
  rows: BatchRow[],
) => {
  // The message is the same for everyone but the name in its greeting: written once per batch
  // with a placeholder the statement fills in with each person's name (escaped for the HTML part
  // by the emails' own escapeHtml), so a batch's parameters stay small.
  const template = newConfirmation('', NAME_PLACEHOLDER)
  const people = rows.map((row) => {
    // As a signup's: the link's token is derived from the Message-ID; only its hash is stored.
    const messageId = newMessageId()
    const greeting = greetingName(row.first_name)
    return {
      email: row.email,
      first_name: row.first_name,
      interests: row.interests ?? [],
      unsubscribe_token: randomToken(),
      double_opt_in_token: confirmed ? null : hashToken(confirmationToken(messageId)),
      message_id: messageId,
      greeting_name: greeting,
      greeting_html: escapeHtml(greeting),
    }
  })
  const consentAt = record.consent_confirmed_at
  const metadata = {
    stage: 'import',
    importId,
    confirmedBy: record.consent_confirmed_by,
    confirmedAt: consentAt,
    alreadyConfirmed: confirmed,
    text: IMPORT_CONSENT_TEXT,
  }
  const n = newsletter_subscribers
  const l = email_logs
  const c = consents
  const emails = confirmed
    ? sql``
    : sql`,
    checked AS (
      SELECT p.*,
        ${skipReasonSql(sql`p.${bare(n.email)}`, 'confirmation', false)} AS ${bare(l.skipReason)}
      FROM people p JOIN subscriber s ON s.${bare(n.email)} = p.${bare(n.email)}),
    log AS (
      INSERT INTO ${l} (${bare(l.toEmail, l.fromEmail, l.subject, l.message, l.htmlContent, l.emailType, l.sentAt, l.status, l.skipReason, l.messageId, l.isBulk, l.tags)})
      SELECT ${bare(n.email)}, ${senderEmail()}::text, ${template.email.subject}::text,
        replace(${template.email.text}::text, ${NAME_PLACEHOLDER}::text, greeting_name),
        replace(${template.email.html}::text, ${NAME_PLACEHOLDER}::text, greeting_html),
        'confirmation'::${enumType(enum_email_logs_email_type)}, now(),
        (CASE WHEN ${bare(l.skipReason)} IS NULL THEN 'queued' ELSE 'skipped' END)::${enumType(enum_email_logs_status)},
        ${bare(l.skipReason, l.messageId)}, false, '["double-opt-in","import"]'::jsonb
      FROM checked
      RETURNING ${bare(l.id, l.skipReason)}),
    job AS (${sendEmailJobs('log')})`
  return sql`
    WITH people AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(people)}::jsonb) AS p(${bare(n.email)} text,
        ${bare(n.firstName)} text, ${bare(n.interests)} jsonb, ${bare(n.unsubscribeToken)} text,
        ${bare(n.doubleOptInToken)} text, ${bare(l.messageId)} text, greeting_name text,
        greeting_html text)),
    subscriber AS (
      INSERT INTO ${n} (${bare(n.email, n.firstName, n.interests, n.subscribedAt, n.consentTimestamp, n.consentIp, n.consentSource, n.unsubscribeToken, n.doubleOptInToken, n.doubleOptInExpires, n.confirmationSentAt, n.doubleOptInConfirmed, n.confirmedAt)})
      SELECT p.${bare(n.email)}, p.${bare(n.firstName)}, p.${bare(n.interests)}, now(),
        ${consentAt}::timestamptz, ${record.consent_ip}::text, 'import',
        p.${bare(n.unsubscribeToken)}, p.${bare(n.doubleOptInToken)},
        ${confirmed ? sql`NULL` : sql`now() + make_interval(secs => ${template.ttlSeconds}::integer)`},
        ${confirmed ? sql`NULL` : sql`now()`}, ${confirmed}::boolean,
        ${confirmed ? sql`now()` : sql`NULL`}
      FROM people p
      WHERE NOT EXISTS (SELECT 1 FROM ${n} ${s} WHERE lower(${s.email}) = p.${bare(n.email)})
      ON CONFLICT DO NOTHING
      RETURNING ${bare(n.id, n.email)}),
    consent AS (
      INSERT INTO ${c} (${bare(c.user, c.email, c.consentType, c.granted, c.grantedAt, c.ipAddress, c.source, c.metadata)})
      SELECT ${record.created_by_id}::integer, ${bare(n.email)}, 'newsletter', true,
        ${consentAt}::timestamptz, ${record.consent_ip}::text, 'import',
        ${JSON.stringify(metadata)}::jsonb
      FROM subscriber)${emails}
    SELECT count(*) AS n FROM subscriber`
}

/** Stands for the person's name in the batch's message (no character HTML escapes). */
const NAME_PLACEHOLDER = '{{first-name}}'

const randomToken = () => randomBytes(24).toString('base64url')

/** After the job's last attempt failed: the rows done stay, the rest are not imported. */
export const markImportFailed = async (payload: Payload, importId: number) => {
  await payload.db.drizzle.execute(sql`
    UPDATE ${imports} SET ${bare(imports.status)} = 'failed', ${bare(imports.finishedAt)} = now(),
      ${bare(imports.updatedAt)} = now()
    WHERE ${bare(imports.id)} = ${importId} AND ${bare(imports.status)} <> 'done'`)
}
