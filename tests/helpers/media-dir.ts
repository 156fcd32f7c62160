/**
 * Imported first by a test file that checks where media files go: an empty MEDIA_DIR of its own,
 * and no S3 settings, before Payload's configuration is imported.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-media-'))
for (const name of Object.keys(process.env)) if (name.startsWith('S3_')) delete process.env[name]
process.env.MEDIA_DIR = mediaDir

export const removeMediaDir = () => fs.rmSync(mediaDir, { recursive: true, force: true })
