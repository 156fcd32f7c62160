import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { env } from '@/lib/env'

/** Who this process is, as its heartbeat says (decision 0226). */
export type Instance = { id: string; buildId: string; version: string; startedAt: string }

const readFirstLine = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n')[0] || null
  } catch {
    return null
  }
}

const versionOf = () => {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'))
    return typeof pkg.version === 'string' ? pkg.version : 'unknown'
  } catch {
    return 'unknown'
  }
}

let current: Instance | undefined

/** This process as an instance: its name (INSTANCE_NAME, or host and port), build and version. */
export const thisInstance = (): Instance =>
  (current ??= {
    id: env().INSTANCE_NAME ?? `${os.hostname()}:${env().PORT}`,
    buildId:
      readFirstLine(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID')) ??
      'development',
    version: versionOf(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
  })
