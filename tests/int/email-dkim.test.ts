import { dkimVerify } from 'mailauth/lib/dkim/verify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runEmailQueue } from '@/jobs/queue'
import { queueEmail } from '@/services/email/queue'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'
import { LoopbackSmtp } from '../helpers/smtp'

const { port, publicKey } = await vi.hoisted(async () => {
  const { generateKeyPairSync } = await import('node:crypto')
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const { configureLoopbackSmtp } = await import('../helpers/smtp')
  const chosen = configureLoopbackSmtp()
  process.env.EMAIL_FROM = 'Starfinity <hello@starfinity.example>'
  process.env.DKIM_DOMAIN = 'starfinity.example'
  process.env.DKIM_SELECTOR = 'mail2026'
  // As it would sit in an environment file: one line, \n for line breaks.
  process.env.DKIM_PRIVATE_KEY = (
    keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
  ).replace(/\n/g, '\\n')
  const der = keys.publicKey.export({ type: 'spki', format: 'der' }) as Buffer
  return { port: chosen, publicKey: der.toString('base64') }
})

let app: TestApp
const smtp = new LoopbackSmtp(port)

beforeAll(async () => {
  await smtp.start()
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
  await smtp.stop()
})

/** DNS for the test: the selector's TXT record holds the test public key. */
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mail2026._domainkey.starfinity.example')
    return [[`v=DKIM1; k=rsa; p=${publicKey}`]]
  const error = new Error(`no ${type} record for ${name}`) as Error & { code: string }
  error.code = 'ENOTFOUND'
  throw error
}

describe('DKIM', () => {
  it('signs every message; the signature verifies against the published key', async () => {
    const to = uniqueEmail('dkim')
    await queueEmail(app.payload, {
      to,
      subject: 'Signed',
      text: 'Signed body.',
      html: '<p>Signed body.</p>',
      emailType: 'reply',
    })
    while ((await runEmailQueue(app.payload)) > 0);
    const [mail] = smtp.to(to)
    expect(mail.raw).toMatch(/^DKIM-Signature: /m)
    const result = await dkimVerify(mail.raw, { resolver })
    expect(result.results).toHaveLength(1)
    expect(result.results[0].status.result).toBe('pass')
    expect(result.results[0].signingDomain).toBe('starfinity.example')
    expect(result.results[0].selector).toBe('mail2026')

    // Tampering breaks it: the test can fail.
    const tampered = mail.raw.replace('Signed body.', 'Changed body.')
    const bad = await dkimVerify(tampered, { resolver })
    expect(bad.results[0].status.result).not.toBe('pass')
  })
})
