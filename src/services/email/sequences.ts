import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { alias, bare, email_sequences, email_templates, sequence_enrollments } from '@/db'
import { htmlToText, textToHtml } from '@/lib/email/html-text'

import { queueEmail } from './queue'
import { skipReason } from './eligibility'

const e = alias(sequence_enrollments, 'e')

/** The category of the sequence every newly confirmed subscriber is enrolled in. */
export const WELCOME_CATEGORY = 'welcome'

type Step = {
  step_order: number
  subject: string
  html_content: string | null
  text_content: string | null
  delay_hours: number | null
}

const nextStep = async (payload: Payload, sequenceId: number, after: number) => {
  const result = await payload.db.drizzle.execute(sql`
    SELECT ${bare(email_templates.stepOrder, email_templates.subject, email_templates.htmlContent, email_templates.textContent, email_templates.delayHours)} FROM ${email_templates}
    WHERE ${bare(email_templates.sequence)} = ${sequenceId} AND ${bare(email_templates.isActive)} IS NOT false AND ${bare(email_templates.stepOrder)} > ${after}
    ORDER BY ${bare(email_templates.stepOrder)} LIMIT 1`)
  return result.rows[0] as Step | undefined
}

const hoursFromNow = (hours: number | null) =>
  new Date(Date.now() + (hours ?? 0) * 3_600_000).toISOString()

/** The welcome sequence a site starts with; admins edit, extend or deactivate it. */
const DEFAULT_WELCOME = {
  name: 'Welcome to the Starfinity Universe',
  description: 'Sent to every newly confirmed newsletter subscriber.',
  steps: [
    {
      name: 'Welcome',
      subject: 'Welcome to the Starfinity Universe!',
      delayHours: 0,
      text: [
        'Dear Friend,',
        '',
        'Thank you for confirming your subscription. You are now part of a growing community of',
        'parents, readers, dreamers and creators who believe the future is human.',
        '',
        "We'll write with first looks at our books, music and the companion app, and with small",
        'moments of wonder to share along the way.',
      ].join('\n'),
    },
    {
      name: 'Explore the universe',
      subject: 'Four worlds to explore',
      delayHours: 72,
      text: [
        'Dear Friend,',
        '',
        'Starfinity has four universes: Wild for the youngest readers, Kids, Sci-Fi for teenagers and',
        'the Saga for grown-ups. Each has its own characters, stories and songs.',
        '',
        'Stay curious, and keep listening with your heart.',
      ].join('\n'),
    },
  ],
}

/** Creates the default welcome sequence once, when the site has no welcome sequence at all. */
const ensureWelcomeSequence = async (payload: Payload) => {
  const existing = await payload.db.drizzle.execute(
    sql`SELECT 1 FROM ${email_sequences} WHERE ${bare(email_sequences.category)} = ${WELCOME_CATEGORY} LIMIT 1`,
  )
  if (existing.rows.length > 0) return
  const created = await payload.db.drizzle.execute(sql`
    INSERT INTO ${email_sequences} (${bare(email_sequences.name, email_sequences.description, email_sequences.category, email_sequences.isActive, email_sequences.updatedAt, email_sequences.createdAt)})
    VALUES (${DEFAULT_WELCOME.name}, ${DEFAULT_WELCOME.description}, ${WELCOME_CATEGORY}, true,
      now(), now())
    ON CONFLICT DO NOTHING RETURNING ${bare(email_sequences.id)}`)
  const sequence = created.rows[0] as { id: number } | undefined
  if (!sequence) return // created at the same moment by another request
  for (const [index, step] of DEFAULT_WELCOME.steps.entries()) {
    await payload.db.drizzle.execute(sql`
      INSERT INTO ${email_templates} (${bare(email_templates.sequence, email_templates.name, email_templates.subject, email_templates.textContent, email_templates.htmlContent, email_templates.delayHours)},
        ${bare(email_templates.stepOrder, email_templates.isActive, email_templates.updatedAt, email_templates.createdAt)})
      VALUES (${sequence.id}, ${step.name}, ${step.subject}, ${step.text}, ${textToHtml(step.text)},
        ${step.delayHours}, ${index + 1}, true, now(), now())`)
  }
}

/** Enrols a confirmed subscriber in the active welcome sequence (once; nothing when none is active). */
export const enrollInWelcomeSequence = async (payload: Payload, email: string) => {
  await ensureWelcomeSequence(payload)
  const sequences = await payload.db.drizzle.execute(sql`
    SELECT ${bare(email_sequences.id)} FROM ${email_sequences} WHERE ${bare(email_sequences.category)} = ${WELCOME_CATEGORY} AND ${bare(email_sequences.isActive)} IS NOT false
    ORDER BY ${bare(email_sequences.id)} LIMIT 1`)
  const sequence = sequences.rows[0] as { id: number } | undefined
  if (!sequence) return
  const first = await nextStep(payload, sequence.id, 0)
  if (!first) return
  await payload.db.drizzle.execute(sql`
    INSERT INTO ${sequence_enrollments} (${bare(sequence_enrollments.email, sequence_enrollments.sequence, sequence_enrollments.currentStep, sequence_enrollments.status, sequence_enrollments.enrolledAt, sequence_enrollments.nextEmailAt)})
    VALUES (${email.toLowerCase()}, ${sequence.id}, 0, 'active', now(),
      ${hoursFromNow(first.delay_hours)})
    ON CONFLICT DO NOTHING`)
}

/** Stops every running sequence of an address (unsubscribe, suppression). */
export const stopSequences = async (payload: Payload, email: string) => {
  await payload.db.drizzle.execute(sql`
    UPDATE ${sequence_enrollments} SET ${bare(sequence_enrollments.status)} = 'stopped',
      ${bare(sequence_enrollments.nextEmailAt)} = NULL,
      ${bare(sequence_enrollments.updatedAt)} = now()
    WHERE lower(${bare(sequence_enrollments.email)}) = lower(${email}) AND ${bare(sequence_enrollments.status)} = 'active'`)
}

/**
 * Queues every due sequence step. Due enrollments are taken with SKIP LOCKED and their
 * nextEmailAt cleared in one statement, so two instances never queue the same step. currentStep is
 * the stepOrder of the last step queued; a step's delayHours counts from the previous one.
 */
export const advanceSequences = async (payload: Payload, limit = 200): Promise<number> => {
  const due = await payload.db.drizzle.execute(sql`
    UPDATE ${sequence_enrollments} ${e} SET ${bare(sequence_enrollments.nextEmailAt)} = NULL,
      ${bare(sequence_enrollments.updatedAt)} = now()
    WHERE ${e.id} IN (
      SELECT ${bare(sequence_enrollments.id)} FROM ${sequence_enrollments}
      WHERE ${bare(sequence_enrollments.status)} = 'active' AND ${bare(sequence_enrollments.nextEmailAt)} <= now()
      ORDER BY ${bare(sequence_enrollments.nextEmailAt)} LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING ${e.id}, ${e.email}, ${e.sequence}, ${e.currentStep}`)
  let queued = 0
  for (const row of due.rows as {
    id: number
    email: string
    sequence_id: number
    current_step: number | null
  }[]) {
    const step = await nextStep(payload, row.sequence_id, row.current_step ?? 0)
    if (!step) {
      await finish(payload, row.id, 'completed')
      continue
    }
    if (await skipReason(payload, row.email, 'sequence', true)) {
      await finish(payload, row.id, 'stopped')
      continue
    }
    await queueEmail(payload, {
      to: row.email,
      subject: step.subject,
      text: step.text_content || htmlToText(step.html_content ?? ''),
      html: step.html_content ?? undefined,
      emailType: 'sequence',
      isBulk: true,
      signOff: true,
      tags: ['sequence'],
    })
    queued += 1
    const following = await nextStep(payload, row.sequence_id, step.step_order)
    if (following) {
      await payload.db.drizzle.execute(sql`
        UPDATE ${sequence_enrollments} SET ${bare(sequence_enrollments.currentStep)} = ${step.step_order},
          ${bare(sequence_enrollments.nextEmailAt)} = ${hoursFromNow(following.delay_hours)},
          ${bare(sequence_enrollments.updatedAt)} = now()
        WHERE ${bare(sequence_enrollments.id)} = ${row.id}`)
    } else {
      await payload.db.drizzle.execute(sql`
        UPDATE ${sequence_enrollments} SET ${bare(sequence_enrollments.currentStep)} = ${step.step_order} WHERE ${bare(sequence_enrollments.id)} = ${row.id}`)
      await finish(payload, row.id, 'completed')
    }
  }
  return queued
}

const finish = async (payload: Payload, id: number, status: 'completed' | 'stopped') => {
  await payload.db.drizzle.execute(sql`
    UPDATE ${sequence_enrollments} SET ${bare(sequence_enrollments.status)} = ${status},
      ${bare(sequence_enrollments.nextEmailAt)} = NULL,
      ${bare(sequence_enrollments.completedAt)} = ${status === 'completed' ? new Date().toISOString() : null}, ${bare(sequence_enrollments.updatedAt)} = now()
    WHERE ${bare(sequence_enrollments.id)} = ${id}`)
}
