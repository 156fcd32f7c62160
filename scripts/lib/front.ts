/**
 * The production front (deploy/nginx, decision 0155) run on loopback by the tests and the
 * benchmark: Debian's nginx with the shipped template, its ${VARIABLES} replaced as the official
 * nginx image's envsubst replaces them, inside a main configuration that keeps the pid file, the
 * temporary files and the logs in a directory of the run (as a non-root user would run it). The
 * certificate is self-signed, made with openssl for the run; the client below trusts it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import type { IncomingHttpHeaders } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { gunzipSync } from 'node:zlib'

import { freePort } from './embedded-db'
import { root } from './runtime'

export const FRONT_TEMPLATE = path.join(root, 'deploy/nginx/templates/default.conf.template')
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx'

/** The template with each `${NAME}` of `values` replaced; any other one is an error. */
export const renderTemplate = (template: string, values: Record<string, string>) => {
  const rendered = template.replace(/\$\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
  const left = rendered.match(/\$\{\w+\}/g)
  if (left) throw new Error(`The front's template needs ${[...new Set(left)].join(', ')}`)
  return rendered
}

/** A self-signed certificate for localhost and 127.0.0.1, written into `dir`. */
export const selfSignedCertificate = (dir: string) => {
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  return { key, cert }
}

/** The main configuration around the template's server (the official image's nginx.conf, in `dir`). */
export const mainConfig = (dir: string, site: string) => `
user ${os.userInfo().username};
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${dir}/client-body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${site};
}
`

export type FrontResponse = { status: number; headers: IncomingHttpHeaders; body: string }

export type FrontRequest = {
  method?: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** The client's own address (any of 127.0.0.0/8): the visitor's address the front sees. */
  localAddress?: string
}

export type Front = {
  url: string
  port: number
  dir: string
  /** The certificate (PEM) clients must trust. */
  ca: Buffer
  /** A request through the front over TLS (HTTP/1.1); the body is read whole as text (gunzipped). */
  request: (pathname: string, init?: FrontRequest) => Promise<FrontResponse>
  /** The lines of the front's access log so far. */
  accessLog: () => string[]
  /** The environment variables the template was rendered with. */
  values: Record<string, string>
  /** The front's private status address (stub_status), http. */
  statusUrl: string
  stop: () => Promise<void>
}

/**
 * Starts nginx with the shipped template on `port` of loopback, in front of `upstreams`
 * (host:port; the template names two, so one instance is named twice). Ready once it answers.
 */
export const startFront = async ({
  port,
  upstreams,
}: {
  port: number
  upstreams: string[]
}): Promise<Front> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-front-'))
  const { key, cert } = selfSignedCertificate(dir)
  const statusPort = await freePort()
  const values = {
    FRONT_PORT: `127.0.0.1:${port}`,
    FRONT_STATUS_LISTEN: `127.0.0.1:${statusPort}`,
    SERVER_NAME: 'localhost',
    TLS_CERTIFICATE: cert,
    TLS_CERTIFICATE_KEY: key,
    APP_SERVER_1: upstreams[0],
    APP_SERVER_2: upstreams[1] ?? upstreams[0],
    FRONT_CACHE_DIR: path.join(dir, 'cache'),
    FRONT_ACCESS_LOG: path.join(dir, 'access.log'),
  }
  const site = path.join(dir, 'default.conf')
  fs.writeFileSync(site, renderTemplate(fs.readFileSync(FRONT_TEMPLATE, 'utf8'), values))
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, site))
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let errors = ''
  let gone = false
  child.stderr?.on('data', (chunk) => (errors += chunk))
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', (error) => {
      errors += `${error.message} (Debian: apt-get install nginx; or set NGINX_PATH)`
      resolve()
    })
  }).then(() => void (gone = true))
  const ca = fs.readFileSync(cert)
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 64 })
  const url = `https://localhost:${port}`

  const request = (pathname: string, init: FrontRequest = {}) =>
    new Promise<FrontResponse>((resolve, reject) => {
      const outgoing = https.request(
        `${url}${pathname}`,
        {
          method: init.method ?? 'GET',
          headers: init.headers,
          // A given client address needs a connection of its own.
          agent: init.localAddress ? undefined : agent,
          ca,
          localAddress: init.localAddress,
          timeout: 30_000,
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const raw = Buffer.concat(chunks)
            // Compressed when the request asked for it (Accept-Encoding): read as the text.
            const gzipped = response.headers['content-encoding'] === 'gzip' && raw.length > 0
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: (gzipped ? gunzipSync(raw) : raw).toString('utf8'),
            })
          })
          response.on('error', reject)
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${pathname}: no answer in 30 s`)))
      outgoing.on('error', reject)
      outgoing.end(init.body)
    })

  const front: Front = {
    url,
    port,
    dir,
    ca,
    request,
    values,
    statusUrl: `http://127.0.0.1:${statusPort}/nginx_status`,
    accessLog: () => {
      const file = values.FRONT_ACCESS_LOG
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []
    },
    stop: async () => {
      agent.destroy()
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
  for (const started = Date.now(); Date.now() - started < 20_000; await delay(100)) {
    if (gone) break
    try {
      await request('/api/health')
      return front
    } catch {
      // not listening yet
    }
  }
  child.kill('SIGKILL')
  await exited
  agent.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
  throw new Error(`nginx did not start:\n${errors}`)
}
