import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer from 'nodemailer'

import { senderEmail, senderName } from '@/lib/email/addresses'
import { env } from '@/lib/env'

/** True when mail leaves the machine; false for the development outbox. */
export const sendsForReal = (): boolean => Boolean(env().SMTP_URL)

const dkim = () => {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = env()
  if (!DKIM_DOMAIN || !DKIM_SELECTOR || !DKIM_PRIVATE_KEY) return undefined
  return {
    domainName: DKIM_DOMAIN,
    keySelector: DKIM_SELECTOR,
    privateKey: DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
  }
}

/**
 * SMTP_URL set: a pooled SMTP transport (DKIM-signed when configured). Unset: the development
 * outbox, which builds the complete message and hands it back instead of sending it; the queue
 * stores it on the email-log row.
 */
const createTransport = () => {
  const url = env().SMTP_URL
  if (!url) return nodemailer.createTransport({ streamTransport: true, buffer: true, dkim: dkim() })
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dkim: dkim(),
  } as Parameters<typeof nodemailer.createTransport>[0])
}

/** Payload's email adapter (payload.sendEmail), from configuration. */
export const emailAdapter = () =>
  nodemailerAdapter({
    defaultFromAddress: senderEmail(),
    defaultFromName: senderName(),
    skipVerify: true,
    transport: createTransport(),
  })
