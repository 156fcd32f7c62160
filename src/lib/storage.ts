import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { env } from './env'

/**
 * Where uploaded media is kept (decision 0120): on local disk under MEDIA_DIR by default; in an
 * S3-compatible bucket when S3_BUCKET is set, so several app instances share the files. Files are
 * still served through Payload's file URL (/api/media/file/…), with the collection's access rules.
 */
export const mediaStorage = (): Plugin => {
  const settings = env()
  const endpoint = settings.S3_ENDPOINT
  const credentials =
    settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? {
          accessKeyId: settings.S3_ACCESS_KEY_ID,
          secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
        }
      : undefined
  return s3Storage({
    enabled: Boolean(settings.S3_BUCKET),
    // The same columns with or without S3 (a prefix, even empty, inserts the plugin's `prefix`
    // field), so one set of migrations serves every deployment.
    alwaysInsertFields: true,
    bucket: settings.S3_BUCKET ?? '',
    collections: { media: { prefix: settings.S3_PREFIX ?? '' } },
    config: {
      region: settings.S3_REGION,
      endpoint,
      credentials,
      forcePathStyle: (settings.S3_FORCE_PATH_STYLE ?? (endpoint ? 'true' : 'false')) === 'true',
      // Servers other than AWS often reject the SDK's newer default checksums (aws-chunked
      // bodies, CRC trailers); checksums only where an operation requires one.
      ...(endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    },
  })
}
