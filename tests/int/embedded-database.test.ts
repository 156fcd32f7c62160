import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import {
  DatabaseInUseError,
  embeddedPaths,
  isAlive,
  startEmbeddedServer,
} from '../../scripts/lib/embedded-db'

const root = path.resolve(import.meta.dirname, '../..')
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-embedded-'))
afterAll(() => fs.rmSync(dataRoot, { recursive: true, force: true }))

const query = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

describe('embedded PostgreSQL server', () => {
  it('initialises a fresh directory, keeps its data across a stop and a start, and has one owner', async () => {
    const first = await startEmbeddedServer({ dataRoot })
    expect(new URL(first.url).hostname).toBe('127.0.0.1')
    expect(fs.statSync(embeddedPaths(dataRoot).password).mode & 0o777).toBe(0o600)
    const [{ version }] = await query(
      first.url,
      "select current_setting('server_version_num')::int as version",
    )
    expect(version).toBeGreaterThanOrEqual(180000)
    await query(first.url, 'create extension if not exists pg_trgm')
    await query(first.url, 'create table notes (body text)')
    await query(first.url, "insert into notes values ('kept')")

    const second = startEmbeddedServer({ dataRoot })
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError)
    await expect(second).rejects.toThrow(/already in use by process \d+/)

    // A wrong password is refused: the server is not open to whoever reaches the port.
    const wrong = new URL(first.url)
    wrong.password = 'not-the-password'
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password/)

    await first.stop()
    expect(isAlive(first.pid)).toBe(false)
    expect(fs.existsSync(embeddedPaths(dataRoot).lock)).toBe(false)

    const again = await startEmbeddedServer({ dataRoot })
    try {
      expect(await query(again.url, 'select body from notes')).toEqual([{ body: 'kept' }])
    } finally {
      await again.stop()
    }
  })

  it('starts again after its owner was killed with kill -9, with everything committed', async () => {
    // An owner process that starts the server, commits a row, says so, and waits to be killed.
    const script = `
      import { startEmbeddedServer } from ${JSON.stringify(path.join(root, 'scripts/lib/embedded-db.ts'))}
      import pg from ${JSON.stringify(createRequire(import.meta.url).resolve('pg'))}
      const server = await startEmbeddedServer({ dataRoot: ${JSON.stringify(dataRoot)} })
      const client = new pg.Client({ connectionString: server.url })
      await client.connect()
      await client.query("insert into notes values ('before the crash')")
      console.log(JSON.stringify({ pid: server.pid }))
      setInterval(() => undefined, 1000)
    `
    const file = path.join(dataRoot, 'owner.mts')
    fs.writeFileSync(file, script)
    const owner = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const { pid } = await new Promise<{ pid: number }>((resolve, reject) => {
      let out = ''
      owner.stdout.on('data', (chunk) => {
        out += chunk
        const line = out.split('\n').find((l) => l.startsWith('{'))
        if (line) resolve(JSON.parse(line))
      })
      owner.once('exit', (code) => reject(new Error(`owner exited ${code}`)))
    })
    owner.kill('SIGKILL')
    await new Promise((resolve) => owner.once('exit', resolve))
    expect(isAlive(pid)).toBe(true) // the server outlived its owner

    const next = await startEmbeddedServer({ dataRoot })
    try {
      expect(isAlive(pid)).toBe(false) // the orphan was shut down, not left beside the new one
      expect(await query(next.url, 'select body from notes order by body')).toEqual([
        { body: 'before the crash' },
        { body: 'kept' },
      ])
    } finally {
      await next.stop()
    }
  })

  it('serves concurrent connections in parallel', async () => {
    const server = await startEmbeddedServer({ dataRoot })
    const pool = new pg.Pool({ connectionString: server.url, max: 4 })
    // pool.end() resolves before its clients' sockets have closed: the server stopping right after
    // may still tell one of them that it is being terminated (57P01). Anything else is a failure.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') throw error
    })
    try {
      // Three sessions sleep at once (until woken); a fourth sees all three busy at the same moment.
      const sleep = 'select pg_sleep(120)'
      const sleepers = Array.from({ length: 3 }, () =>
        pool.query(sleep).then(
          () => 'woke on its own',
          (error: Error & { code?: string }) => error.code,
        ),
      )
      const busy = async () =>
        (
          await pool.query(
            "select count(*)::int as busy from pg_stat_activity where state = 'active' and query = $1",
            [sleep],
          )
        ).rows[0].busy
      await expect.poll(busy, { timeout: 60_000 }).toBe(3)
      // Woken: each sleep is cancelled (57014) rather than waited for.
      await pool.query('select pg_cancel_backend(pid) from pg_stat_activity where query = $1', [
        sleep,
      ])
      expect(await Promise.all(sleepers)).toEqual(['57014', '57014', '57014'])
    } finally {
      await pool.end()
      await server.stop()
    }
  })
})
