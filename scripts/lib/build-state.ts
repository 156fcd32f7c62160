import fs from 'node:fs'
import path from 'node:path'

import { root } from './runtime'

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

/** Whether the build in `distDir` (relative to the project) is missing or older than the sources. */
export const needsBuild = (distDir: string) => {
  const buildId = path.join(root, distDir, 'BUILD_ID')
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
