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
    ...smtpOptions(url),
    pool: true,
    maxConnections: env().SMTP_POOL_SIZE,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dkim: dkim(),
  })
}

/**
 * Host, port, TLS and credentials from SMTP_URL (nodemailer drops every other option when it is
 * given a url, DKIM and pooling included, so the address is read here).
 */
export const smtpOptions = (url: string) => {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
  }
}

/** Payload's email adapter (payload.sendEmail), from configuration. */
export const emailAdapter = () =>
  nodemailerAdapter({
    defaultFromAddress: senderEmail(),
    defaultFromName: senderName(),
    skipVerify: true,
    transport: createTransport(),
  })
