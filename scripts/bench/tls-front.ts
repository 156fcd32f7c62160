/**
 * What stands between a visitor and the site in a deployment (ARCHITECTURE.md: instances behind a
 * load balancer, pages from a CDN): a TLS front that speaks HTTP/2 to the browser and HTTP/1.1 to
 * the site. `npm run bench:web` runs Lighthouse through it, because its simulation of a slow phone
 * network follows the protocol it saw: over plain HTTP/1.1 it opens six new connections for the
 * page's scripts, each with its own handshake and slow start, which no visitor gets (decision 133).
 * The certificate is self-signed, made with openssl for this run; the bench's Chromium is told to
 * accept it.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

export type TlsFront = { url: string; close: () => Promise<void> }

/** Headers that belong to one hop (RFC 9113 §8.2.2) and must not cross to the other. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te'])

const selfSignedCertificate = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-tls-front-'))
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  const pair = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) }
  fs.rmSync(dir, { recursive: true, force: true })
  return pair
}

/** Serves `target` (an http:// origin) over TLS and HTTP/2 on a free loopback port. */
export const startTlsFront = async (target: string): Promise<TlsFront> => {
  const origin = new URL(target)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = http2.createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (request, response) => {
      const headers: http.OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(request.headers))
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value
      headers.host = origin.host
      const upstream = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          path: request.url,
          method: request.method,
          headers,
          agent,
        },
        (answer) => {
          const back: http.OutgoingHttpHeaders = {}
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value
          response.writeHead(answer.statusCode ?? 502, back)
          answer.pipe(response)
        },
      )
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502)
        response.end()
      })
      request.pipe(upstream)
    },
  )
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `https://localhost:${port}`,
    close: async () => {
      agent.destroy()
      for (const session of sessions) session.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
