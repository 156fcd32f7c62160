/**
 * `npm run restore -- FILE [--force]`: checks the backup whole (its sha256 and every entry's), then
 * restores it into an empty data directory (DATA_DIR, without DATABASE_URL) or an empty database
 * (DATABASE_URL), and the media into MEDIA_DIR. A target that holds data is refused unless --force:
 * then the embedded cluster and the media there are renamed aside, a database is emptied.
 * Decision 0230.
 */
import path from 'node:path'

import { log, prepareEnvironment, dataRoot } from './lib/runtime'
import { backupSettings } from './lib/backup/settings'
import { restoreBackup, RestoreRefused } from './lib/backup/restore'

prepareEnvironment({ generateSecret: false })
const args = process.argv.slice(2)
const force = args.includes('--force')
const file = args.find((arg) => !arg.startsWith('--'))
if (!file) {
  console.error('Usage: npm run restore -- FILE [--force]')
  process.exit(2)
}
const settings = backupSettings(dataRoot())
const started = Date.now()
try {
  const { manifest, setAside } = await restoreBackup({
    file: path.resolve(file),
    target: process.env.DATABASE_URL
      ? { kind: 'database', databaseUrl: process.env.DATABASE_URL }
      : { kind: 'embedded', dataRoot: dataRoot() },
    mediaDir: settings.mediaDir ?? path.join(dataRoot(), 'media'),
    force,
    binDir: settings.binDir,
  })
  log('backup restored', {
    file,
    takenAt: manifest.createdAt,
    kind: manifest.kind,
    into: process.env.DATABASE_URL ? 'DATABASE_URL' : dataRoot(),
    setAside,
    ms: Date.now() - started,
  })
} catch (error) {
  console.error(
    error instanceof RestoreRefused
      ? `Restore refused: ${error.message}`
      : `Restore failed: ${(error as Error).message}`,
  )
  process.exitCode = 1
}
