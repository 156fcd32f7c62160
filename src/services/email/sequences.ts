import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

import { htmlToText, textToHtml } from '@/lib/email/html-text'

import { queueEmail } from './queue'
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
    sql`SELECT 1 FROM email_sequences WHERE category = ${WELCOME_CATEGORY} LIMIT 1`,
  )
  if (existing.rows.length > 0) return
  const created = await payload.db.drizzle.execute(sql`
    INSERT INTO email_sequences (name, description, category, is_active, updated_at, created_at)
    VALUES (${DEFAULT_WELCOME.name}, ${DEFAULT_WELCOME.description}, ${WELCOME_CATEGORY}, true, now(), now())
    ON CONFLICT DO NOTHING RETURNING id`)
  const sequence = created.rows[0] as { id: number } | undefined
  if (!sequence) return // created at the same moment by another request
  for (const [index, step] of DEFAULT_WELCOME.steps.entries()) {
    await payload.db.drizzle.execute(sql`
      INSERT INTO email_templates (sequence_id, name, subject, text_content, html_content, delay_hours,
        step_order, is_active, updated_at, created_at)
      VALUES (${sequence.id}, ${step.name}, ${step.subject}, ${step.text}, ${textToHtml(step.text)},
        ${step.delayHours}, ${index + 1}, true, now(), now())`)
  }
}

/** Enrols a confirmed subscriber in the active welcome sequence (once; nothing when none is active). */
export const enrollInWelcomeSequence = async (payload: Payload, email: string) => {
  await ensureWelcomeSequence(payload)
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
      signOff: true,
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
