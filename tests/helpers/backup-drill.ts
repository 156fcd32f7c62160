/**
 * A process of its own on the database DATABASE_URL names (tests/int/backup-restore.test.ts):
 *   seed FIRST COUNT   migrates, signs up people FIRST..FIRST+COUNT-1 and uploads one image
 *   signup FIRST COUNT signs up more people
 *   report             prints the waitlist's addresses and the images with whether their file is on disk
 * Signups go through the waitlist service the endpoint calls. Run: node scripts/run-ts.mjs <this>.
 */
import fs from 'node:fs'
import path from 'node:path'

import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload, migrateDatabase } from '../../scripts/lib/migrate'
import { joinWaitlist } from '@/services/waitlist/join'

export const drillEmail = (index: number) =>
  `drill.person.${String(index).padStart(4, '0')}@example.com`

const [command, first = '0', count = '0'] = process.argv.slice(2)
const payload = await getPayload({ config })
try {
  if (command === 'seed') await migrateDatabase(payload)
  if (command === 'seed' || command === 'signup') {
    for (let i = Number(first); i < Number(first) + Number(count); i++) {
      await joinWaitlist(
        payload,
        { email: drillEmail(i), name: `Person ${i}`, product: 'earth-app', interests: [] },
        '127.0.0.1',
      )
    }
  }
  if (command === 'seed') {
    const png = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../public/images/og-default.png'),
    )
    await payload.create({
      collection: 'media',
      data: { alt: 'Drill image' },
      file: { data: png, mimetype: 'image/png', name: 'drill.png', size: png.length },
    })
  }
  if (command === 'report') {
    const entries = await payload.find({
      collection: 'waitlist-entries',
      limit: 0,
      pagination: false,
      sort: 'email',
      depth: 0,
    })
    const media = await payload.find({ collection: 'media', pagination: false, depth: 0 })
    const mediaDir = process.env.MEDIA_DIR as string
    console.log(
      JSON.stringify({
        emails: entries.docs.map((doc) => doc.email),
        media: media.docs.map((doc) => ({
          filename: doc.filename,
          onDisk: fs.existsSync(path.join(mediaDir, doc.filename as string)),
        })),
      }),
    )
  }
} finally {
  await closePayload(payload)
}
process.exit(0)
