/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, seed, build when the
 * sources changed, then Next on PORT. `--dev` serves with `next dev` instead of building.
 */
import './lib/bootstrap'

import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { DatabaseInUseError } from '../src/lib/db/embedded'
import { migrateAndSeed } from './lib/prepare'
import { log, openDatabase, root } from './lib/runtime'

const dev = process.argv.includes('--dev')

const newestSourceTime = (entries: string[]): number => {
  let newest = 0
  for (const entry of entries) {
    const full = path.join(root, entry)
    if (!fs.existsSync(full)) continue
    const stat = fs.statSync(full)
    if (stat.isDirectory()) {
      newest = Math.max(
        newest,
        newestSourceTime(fs.readdirSync(full).map((name) => path.join(entry, name))),
      )
    } else newest = Math.max(newest, stat.mtimeMs)
  }
  return newest
}

const needsBuild = () => {
  const buildId = path.join(root, '.next/BUILD_ID')
  if (!fs.existsSync(buildId)) return true
  const sources = [
    'src',
    'public',
    'payload.config.ts',
    'next.config.mjs',
    'package-lock.json',
    'tsconfig.json',
  ]
  return newestSourceTime(sources) > fs.statSync(buildId).mtimeMs
}

const run = (args: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/next/dist/bin/next'), ...args],
      {
        cwd: root,
        env: process.env,
        stdio: 'inherit',
      },
    )
    const forward = (signal: NodeJS.Signals) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      resolve(code ?? (signal ? 0 : 1))
    })
  })

const main = async () => {
  let database
  try {
    database = await openDatabase()
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    await database?.close()
    log('stopped', { code })
    process.exit(code)
  }
  // While Next runs, signals reach it and the database closes once it has exited; before that, stop now.
  let serving = false
  let stopRequested = false
  const onSignal = () => {
    stopRequested = true
    if (!serving) void stop(130)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  try {
    await migrateAndSeed()
    const port = process.env.PORT || '3000'
    serving = true
    if (!dev && needsBuild()) {
      log('building the site')
      const code = await run(['build'])
      if (code !== 0) return stop(code)
    }
    log('serving', { url: `http://localhost:${port}` })
    const code = await run([dev ? 'dev' : 'start', '-p', port])
    // Asked to stop: Next's exit status for the signal is not a failure.
    await stop(stopRequested ? 0 : code)
  } catch (error) {
    console.error(error)
    await stop(1)
  }
}

void main()
