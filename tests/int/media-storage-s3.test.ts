// First: the loopback S3 server and the S3_* settings, before Payload's configuration loads.
import { mediaDir, s3Client, S3_TEST_BUCKET, stopS3 } from '../helpers/s3-server'

import fs from 'node:fs'
import path from 'node:path'

import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
let editorToken = ''
const png = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/images/og-default.png'))

beforeAll(async () => {
  app = await startApp()
  editorToken = await app.createUser('s3-editor', 'editor')
}, 120_000)

afterAll(async () => {
  await app?.close()
  await stopS3()
})

const bucketKeys = async () => {
  const { Contents } = await s3Client.send(new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET }))
  return (Contents ?? []).map((object) => object.Key).sort()
}

it('with S3 settings an upload stores the original and its sizes in the bucket, served and deleted through Payload', async () => {
  const media = await app.payload.create({
    collection: 'media',
    data: { alt: 'The Starfinity share card' },
    file: { data: png, mimetype: 'image/png', name: 'share-card.png', size: png.length },
  })
  // 1200×630: the sizes up to that width are made (fullWidth, 1600, would enlarge it).
  const sizeFiles = Object.values(media.sizes ?? {})
    .map((size) => size?.filename)
    .filter((name): name is string => Boolean(name))
  expect(sizeFiles.length).toBe(3)
  const expected = [media.filename!, ...sizeFiles].sort()
  expect(await bucketKeys()).toEqual(expected)
  // Nothing on local disk.
  expect(fs.readdirSync(mediaDir)).toEqual([])

  // Served back through Payload's file URL (the collection's read access applies).
  expect(media.url).toBe(`/api/media/file/${media.filename}`)
  const original = await app.request('GET', `/media/file/${media.filename}`)
  expect(original.status).toBe(200)
  expect(original.headers.get('content-type')).toBe('image/png')
  const served = await fetchBytes(`/media/file/${media.filename}`)
  expect(Buffer.compare(served, png)).toBe(0)
  const card = await app.request('GET', `/media/file/${media.sizes!.card!.filename}`)
  expect(card.status).toBe(200)
  expect(card.headers.get('content-type')).toBe('image/webp')

  // Moved to the trash, the files stay (it can be restored); deleted, every object goes.
  const trashed = await app.request('PATCH', `/media/${media.id}`, {
    token: editorToken,
    body: { deletedAt: new Date().toISOString() },
  })
  expect(trashed.status, trashed.text).toBe(200)
  expect(await bucketKeys()).toEqual(expected)
  const deleted = await app.request('DELETE', `/media/${media.id}?trash=true`, {
    token: editorToken,
  })
  expect(deleted.status, deleted.text).toBe(200)
  expect(await bucketKeys()).toEqual([])
  expect((await app.request('GET', `/media/file/${media.filename}`)).status).toBe(404)
})

/** The raw bytes of a file URL (the test request helper reads bodies as text). */
const fetchBytes = async (apiPath: string) => {
  const { handleEndpoints } = await import('payload')
  const config = await (await import('@payload-config')).default
  const response = await handleEndpoints({
    config,
    request: new Request(`http://localhost:3000/api${apiPath}`),
  })
  return Buffer.from(await response.arrayBuffer())
}
