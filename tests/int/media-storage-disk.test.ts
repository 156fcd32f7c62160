// First: an empty MEDIA_DIR and no S3 settings, before Payload's configuration loads.
import { mediaDir, removeMediaDir } from '../helpers/media-dir'

import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
const png = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/images/og-default.png'))

beforeAll(async () => {
  app = await startApp()
}, 120_000)

afterAll(async () => {
  await app?.close()
  removeMediaDir()
})

it('without S3 settings an upload and its sizes are files under MEDIA_DIR, served and deleted', async () => {
  const media = await app.payload.create({
    collection: 'media',
    data: { alt: 'The Starfinity share card' },
    file: { data: png, mimetype: 'image/png', name: 'share-card.png', size: png.length },
  })
  const sizeFiles = Object.values(media.sizes ?? {})
    .map((size) => size?.filename)
    .filter((name): name is string => Boolean(name))
  expect(sizeFiles.length).toBe(3)
  const expected = [media.filename!, ...sizeFiles].sort()
  expect(fs.readdirSync(mediaDir).sort()).toEqual(expected)
  expect(Buffer.compare(fs.readFileSync(path.join(mediaDir, media.filename!)), png)).toBe(0)

  const served = await app.request('GET', `/media/file/${media.filename}`)
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/png')

  await app.payload.delete({ collection: 'media', id: media.id })
  expect(fs.readdirSync(mediaDir)).toEqual([])
})
