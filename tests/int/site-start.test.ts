import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

/**
 * `npm start` as a new user runs it: nothing configured, the embedded database, the production
 * build. Then a stop and a start: what was stored is still there.
 */
const root = path.resolve(import.meta.dirname, '../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-site-'))
const running: ChildProcess[] = []
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

const cleanEnv = (port: number) => {
  const env: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (
      !/^(DATABASE_URL|TEST_|NODE_ENV|PAYLOAD_SECRET|EMBEDDED_DB_ID|VITEST|ADMIN_|DB_POOL_MAX)/.test(
        key,
      )
    )
      env[key] = value
  }
  return {
    ...env,
    PORT: String(port),
    PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    PAYLOAD_SECRET: 'site-test-secret-0123456789abcdef',
  }
}

const start = async () => {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
    {
      cwd: root,
      env: cleanEnv(port) as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  running.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 9 * 60_000
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await closed // all output read
      throw new Error(`npm start exited early (${child.exitCode ?? child.signalCode}):\n${output}`)
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, base, output: () => output }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`the site did not answer in time:\n${output}`)
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })

const signup = (base: string) =>
  fetch(`${base}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'a@b.co', name: 'A', product: 'records' }),
  })

describe('npm start', () => {
  it(
    'serves the site on a fresh data directory, and keeps the data across a restart',
    async () => {
      const first = await start()
      for (const page of ['/', '/admin/login', '/api/health']) {
        expect((await fetch(`${first.base}${page}`)).status, page).toBe(200)
      }
      expect(first.output()).toMatch(/username: admin\s+password: \S{20,}/)
      expect((await signup(first.base)).status).toBe(201)
      expect(await stop(first.child)).toBe(0)
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)

      const second = await start()
      const again = await signup(second.base)
      expect(again.status).toBe(409)
      expect((await fetch(`${second.base}/api/characters`).then((r) => r.json())).totalDocs).toBe(5)
      expect(second.output()).not.toMatch(/password:/)
      expect(await stop(second.child)).toBe(0)
    },
    20 * 60_000,
  )
})
