/**
 * Lighthouse's floor for `npm run bench:web`: an empty App Router page (one heading, one
 * paragraph; scripts/bench/empty-next-app/app) built with the site's own Next.js. Next.js finds
 * the site's next.config.mjs by searching up from the page's folder, so the page gets the same
 * build settings (compile hints, inlined CSS, the page cache, the security headers): what it
 * scores on a machine is what the framework alone scores there, and the routes' scores read
 * against it. Built when missing or older than Next.js, the config or its own files.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

import { freePort } from '../../src/lib/db/embedded'
import { root } from '../lib/runtime'
import { NEXT_BIN } from '../lib/site-server'

const APP_DIR = path.join(root, 'scripts/bench/empty-next-app')
const READY_TIMEOUT_MS = 60_000

const mtime = (file: string) => fs.statSync(file).mtimeMs

const needsBuild = () => {
  const built = path.join(APP_DIR, '.next/BUILD_ID')
  if (!fs.existsSync(built)) return true
  const sources = [
    path.join(root, 'node_modules/next/package.json'),
    path.join(root, 'next.config.mjs'),
    ...fs.readdirSync(path.join(APP_DIR, 'app')).map((name) => path.join(APP_DIR, 'app', name)),
  ]
  return sources.some((source) => mtime(source) > mtime(built))
}

export type EmptyNextApp = { url: string; stop: () => Promise<void> }

export const startEmptyNextApp = async (): Promise<EmptyNextApp> => {
  if (needsBuild()) {
    console.log('building the empty Next.js page (the Lighthouse floor)…')
    const build = spawnSync(process.execPath, [NEXT_BIN, 'build', APP_DIR], {
      cwd: root,
      encoding: 'utf8',
    })
    if (build.status !== 0)
      throw new Error(`the empty Next.js page did not build:\n${build.stdout}${build.stderr}`)
  }
  const port = await freePort()
  const child = spawn(process.execPath, [NEXT_BIN, 'start', APP_DIR, '-p', String(port)], {
    cwd: root,
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  const url = `http://localhost:${port}/`
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline && child.exitCode === null) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return { url, stop }
    await delay(250)
  }
  await stop()
  throw new Error(`the empty Next.js page did not answer on ${url}`)
}
