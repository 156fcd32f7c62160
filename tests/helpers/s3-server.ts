/**
 * Imported first by a test file that stores media in S3: a loopback S3-compatible server (s3rver)
 * with an empty bucket, and the S3_* settings pointing at it, set before Payload's configuration
 * is imported. MEDIA_DIR points at an empty directory, to show nothing lands on local disk.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export const S3_TEST_BUCKET = 'starfinity-media-test'
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'starfinity-s3-'))
export const mediaDir = path.join(root, 'media')
fs.mkdirSync(mediaDir)

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: path.join(root, 'bucket'),
  configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
})
const { port } = await server.run()
const endpoint = `http://127.0.0.1:${port}`

Object.assign(process.env, {
  S3_BUCKET: S3_TEST_BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  // s3rver's fixed development credentials.
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  MEDIA_DIR: mediaDir,
})

/** A client of our own, to look into the bucket. */
export const s3Client = new S3Client({
  endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
})

export const stopS3 = async () => {
  s3Client.destroy()
  await server.close()
  fs.rmSync(root, { recursive: true, force: true })
}
