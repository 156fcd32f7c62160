import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { htmlToText } from '@/lib/email/html-text'

import { queueEmail } from '../queue-email'
import { skipReason } from './eligibility'

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
    SELECT step_order, subject, html_content, text_content, delay_hours FROM email_templates
    WHERE sequence_id = ${sequenceId} AND is_active IS NOT false AND step_order > ${after}
    ORDER BY step_order LIMIT 1`)
  return result.rows[0] as Step | undefined
}

const hoursFromNow = (hours: number | null) =>
  new Date(Date.now() + (hours ?? 0) * 3_600_000).toISOString()

/** Enrols a confirmed subscriber in the active welcome sequence (once; nothing when none exists). */
export const enrollInWelcomeSequence = async (payload: Payload, email: string) => {
  const sequences = await payload.db.drizzle.execute(sql`
    SELECT id FROM email_sequences WHERE category = ${WELCOME_CATEGORY} AND is_active IS NOT false
    ORDER BY id LIMIT 1`)
  const sequence = sequences.rows[0] as { id: number } | undefined
  if (!sequence) return
  const first = await nextStep(payload, sequence.id, 0)
  if (!first) return
  await payload.db.drizzle.execute(sql`
    INSERT INTO sequence_enrollments (email, sequence_id, current_step, status, enrolled_at, next_email_at)
    VALUES (${email.toLowerCase()}, ${sequence.id}, 0, 'active', now(), ${hoursFromNow(first.delay_hours)})
    ON CONFLICT DO NOTHING`)
}

/** Stops every running sequence of an address (unsubscribe, suppression). */
export const stopSequences = async (payload: Payload, email: string) => {
  await payload.db.drizzle.execute(sql`
    UPDATE sequence_enrollments SET status = 'stopped', next_email_at = NULL, updated_at = now()
    WHERE lower(email) = lower(${email}) AND status = 'active'`)
}

/**
 * Queues every due sequence step. Due enrollments are taken with SKIP LOCKED and their
 * nextEmailAt cleared in one statement, so two instances never queue the same step. currentStep is
 * the stepOrder of the last step queued; a step's delayHours counts from the previous one.
 */
export const advanceSequences = async (payload: Payload, limit = 200): Promise<number> => {
  const due = await payload.db.drizzle.execute(sql`
    UPDATE sequence_enrollments e SET next_email_at = NULL, updated_at = now()
    WHERE e.id IN (
      SELECT id FROM sequence_enrollments
      WHERE status = 'active' AND next_email_at <= now()
      ORDER BY next_email_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING e.id, e.email, e.sequence_id, e.current_step`)
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
      tags: ['sequence'],
    })
    queued += 1
    const following = await nextStep(payload, row.sequence_id, step.step_order)
    if (following) {
      await payload.db.drizzle.execute(sql`
        UPDATE sequence_enrollments SET current_step = ${step.step_order},
          next_email_at = ${hoursFromNow(following.delay_hours)}, updated_at = now()
        WHERE id = ${row.id}`)
    } else {
      await payload.db.drizzle.execute(sql`
        UPDATE sequence_enrollments SET current_step = ${step.step_order} WHERE id = ${row.id}`)
      await finish(payload, row.id, 'completed')
    }
  }
  return queued
}

const finish = async (payload: Payload, id: number, status: 'completed' | 'stopped') => {
  await payload.db.drizzle.execute(sql`
    UPDATE sequence_enrollments SET status = ${status}, next_email_at = NULL,
      completed_at = ${status === 'completed' ? new Date().toISOString() : null}, updated_at = now()
    WHERE id = ${id}`)
}
