/**
 * Lighthouse's floor for `npm run bench:web`: an empty App Router page (one heading, one
 * paragraph; scripts/bench/empty-next-app/app) built with the site's own Next.js. Next.js finds
 * the site's next.config.mjs by searching up from the page's folder, so the page gets the same
 * build settings (compile hints, inlined CSS, the page cache, the security headers): what it
 * scores on a machine is what the framework alone scores there, and the routes' scores read
 * against it. Its own no-op instrumentation hook and proxy keep Next.js from taking the site's
 * (found by searching up the same way, they need the site's database and secrets): the page starts
 * with no environment of the site's. Built when missing or older than Next.js, the config or its
 * own files.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { root } from '../lib/runtime'
import { NEXT_BIN, type Site, startSite } from '../lib/site-server'

const APP_DIR = path.join(root, 'scripts/bench/empty-next-app')

const mtime = (file: string) => fs.statSync(file).mtimeMs

const needsBuild = () => {
  const built = path.join(APP_DIR, '.next/BUILD_ID')
  if (!fs.existsSync(built)) return true
  const sources = [
    path.join(root, 'node_modules/next/package.json'),
    path.join(root, 'next.config.mjs'),
    ...fs.readdirSync(path.join(APP_DIR, 'app')).map((name) => path.join(APP_DIR, 'app', name)),
    path.join(APP_DIR, 'instrumentation.js'),
    path.join(APP_DIR, 'proxy.js'),
  ]
  return sources.some((source) => mtime(source) > mtime(built))
}

/** Builds the page when needed and serves it on a free port; stop it with stopSite. */
export const startEmptyNextApp = async (): Promise<Site> => {
  if (needsBuild()) {
    console.log('building the empty Next.js page (the Lighthouse floor)…')
    const build = spawnSync(process.execPath, [NEXT_BIN, 'build', APP_DIR], {
      cwd: root,
      encoding: 'utf8',
    })
    if (build.status !== 0)
      throw new Error(`the empty Next.js page did not build:\n${build.stdout}${build.stderr}`)
  }
  return startSite({
    run: 'next-start',
    appDir: APP_DIR,
    readyPath: '/',
    databaseUrl: '',
    timeoutMs: 60_000,
  })
}
