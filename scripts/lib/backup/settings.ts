import path from 'node:path'

/** The backup settings (README, docs/operations.md): read from the environment after prepareEnvironment. */
export const backupSettings = (dataRoot: string) => {
  const keep = Number(process.env.BACKUP_KEEP ?? 7)
  if (!Number.isInteger(keep) || keep < 1) {
    throw new Error(
      `BACKUP_KEEP must be a whole number of backups, 1 or more (got ${process.env.BACKUP_KEEP}).`,
    )
  }
  return {
    dir: path.resolve(process.env.BACKUP_DIR || path.join(dataRoot, 'backups')),
    keep,
    /** The embedded default's daily backup; `off` turns it off. */
    daily: (process.env.BACKUP_DAILY ?? 'on') !== 'off',
    mediaDir: process.env.S3_BUCKET
      ? undefined
      : path.resolve(process.env.MEDIA_DIR || path.join(dataRoot, 'media')),
    binDir: process.env.PG_BIN_DIR || undefined,
  }
}
