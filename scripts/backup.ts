/**
 * `npm run backup`: the database (DATABASE_URL, or the embedded one: the running site's, or
 * started for the command) and the uploaded media on disk into one file in BACKUP_DIR
 * (DATA_DIR/backups), keeping the newest BACKUP_KEEP (7). Decision 0230.
 *
 * `--scheduled`: the embedded default's daily backup (started by `npm start`): taken once per UTC
 * day, whatever the restarts.
 */
import path from 'node:path'

import { embeddedPaths, readRunning } from './lib/embedded-db'
import { log, openDatabase, prepareEnvironment, dataRoot } from './lib/runtime'
import { backupSettings } from './lib/backup/settings'
import { scheduledTaken, takeBackup } from './lib/backup/take'

prepareEnvironment()
const scheduled = process.argv.includes('--scheduled')
const settings = backupSettings(dataRoot())
const embedded = !process.env.DATABASE_URL
let database: Awaited<ReturnType<typeof openDatabase>>
if (embedded) {
  const running = readRunning(dataRoot())
  if (running?.url) process.env.DATABASE_URL = running.url
  else database = await openDatabase()
}
const databaseUrl = process.env.DATABASE_URL as string

try {
  const day = new Date().toISOString().slice(0, 10)
  if (scheduled && (await scheduledTaken(databaseUrl, day))) {
    log('backup: already taken today', { day })
  } else {
    const started = Date.now()
    const result = await takeBackup({
      databaseUrl,
      cluster: embedded ? embeddedPaths(dataRoot()).cluster : undefined,
      mediaDir: settings.mediaDir,
      dir: settings.dir,
      keep: settings.keep,
      scheduledDay: scheduled ? day : undefined,
      binDir: settings.binDir,
    })
    log('backup taken', {
      file: path.relative(process.cwd(), result.file) || result.file,
      bytes: result.sizeBytes,
      sha256: result.sha256,
      kind: result.kind,
      media: settings.mediaDir ? 'in the file' : 'in S3 (not in the file)',
      ms: Date.now() - started,
    })
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await database?.stop()
}
