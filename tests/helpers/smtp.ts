import { execFileSync } from 'node:child_process'

import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type Received = { raw: string; parsed: ParsedMail; envelopeTo: string[] }

/** A header exactly as sent (unfolded), from the raw message; mailparser reshapes List-* headers. */
export const rawHeader = (mail: Received, name: string): string | undefined => {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line?.slice(name.length + 1).trim()
}

/**
 * A port for a loopback SMTP server, chosen before the configuration (SMTP_URL) is loaded, so it
 * has to be synchronous: a short child process tries random ports below the kernel's ephemeral
 * range (where outgoing connections, PostgreSQL's included, never land) until one is free to listen
 * on, and prints it. A port that is merely random can belong to another service on the machine.
 */
const pickSmtpPort = (): number => {
  const probe = `
    const net = require('node:net')
    const attempt = (left) => {
      const port = 20000 + Math.floor(Math.random() * 12000)
      const server = net.createServer()
      server.once('error', () => (left > 0 ? attempt(left - 1) : process.exit(1)))
      server.listen(port, '127.0.0.1', () => server.close(() => process.stdout.write(String(port))))
    }
    attempt(50)`
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }))
}

/** Points the app's SMTP_URL at a free loopback port (call it in vi.hoisted); the port, to serve. */
export const configureLoopbackSmtp = (): number => {
  const port = pickSmtpPort()
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
  return port
}

/**
 * A real SMTP server on loopback that keeps every message it accepts (raw and parsed). It can be
 * stopped and started again on the same port, to play an outage.
 */
export class LoopbackSmtp {
  readonly received: Received[] = []
  private server?: SMTPServer

  constructor(readonly port: number) {}

  get url() {
    return `smtp://127.0.0.1:${this.port}`
  }

  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 200,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          this.received.push({
            raw,
            parsed: await simpleParser(raw),
            envelopeTo: session.envelope.rcptTo.map((to) => to.address),
          })
          callback(null, `OK queued as Q${this.received.length}`)
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject)
      this.server!.listen(this.port, '127.0.0.1', () => resolve())
    })
  }

  async stop() {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  to(address: string) {
    return this.received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase()))
  }

  /** Waits until `count` messages have arrived (or fails after `ms`). */
  async waitFor(count: number, ms = 20_000) {
    const until = Date.now() + ms
    while (this.received.length < count) {
      if (Date.now() > until)
        throw new Error(`expected ${count} messages, received ${this.received.length}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}
