/**
 * The admin's schedule-publish server action (Payload's handler checks only that the user may open
 * the admin) answers by the same rule as publishing over REST: only someone who may publish the
 * document queues or removes its scheduled publish. Called as the admin's server function calls it,
 * with the signed-in user's request.
 */
import { createLocalReq, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { schedulePublish } from '@/lib/admin/schedule-publish'
import { upsertUser } from '@/seed/admin'

import { startApp, type TestApp } from '../helpers/app'
import { paragraph } from '../helpers/rich-text'

let app: TestApp
let articleId: number
beforeAll(async () => {
  app = await startApp()
  for (const level of ['full', 'demo', 'editor'] as const)
    await upsertUser(app.payload, `schedule-${level}`, `pw-schedule-${level}-correct-horse`, level)
  const created = await app.payload.create({
    collection: 'articles',
    data: {
      title: 'Scheduled Story',
      excerpt: 'About it.',
      author: 'Test Author',
      content: paragraph('Body.'),
    } as never,
    context: { disableRevalidate: true },
  })
  articleId = created.id as number
})
afterAll(async () => app?.close())

const reqAs = async (payload: Payload, level: 'full' | 'demo' | 'editor') => {
  const { docs } = await payload.find({
    collection: 'users',
    where: { username: { equals: `schedule-${level}` } },
    depth: 0,
  })
  const user = { ...docs[0]!, collection: 'users' as const }
  return createLocalReq({ user: user as never }, payload)
}

const scheduled = async () =>
  (
    await app.payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'schedulePublish' } },
      depth: 0,
      limit: 0,
    })
  ).docs.map((job) => job.id)

const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000)

describe('the schedule-publish server action', () => {
  it('queues a publish for an editor, refuses a demo user, and lets no demo user remove one', async () => {
    const doc = { relationTo: 'articles' as const, value: articleId }
    const before = await scheduled()
    await schedulePublish({
      type: 'publish',
      date: tomorrow(),
      doc,
      req: await reqAs(app.payload, 'editor'),
    } as never)
    const afterEditor = await scheduled()
    expect(afterEditor).toHaveLength(before.length + 1)
    const jobId = afterEditor.find((id) => !before.includes(id))!

    const demo = await reqAs(app.payload, 'demo')
    await expect(
      schedulePublish({ type: 'publish', date: tomorrow(), doc, req: demo } as never),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      schedulePublish({
        type: 'publish',
        date: tomorrow(),
        doc,
        deleteID: jobId,
        req: demo,
      } as never),
    ).rejects.toMatchObject({ status: 403 })
    expect(await scheduled()).toEqual(afterEditor)

    // A full admin may replace it.
    await schedulePublish({
      type: 'publish',
      date: tomorrow(),
      doc,
      deleteID: jobId,
      req: await reqAs(app.payload, 'full'),
    } as never)
    const afterFull = await scheduled()
    expect(afterFull).not.toContain(jobId)
    expect(afterFull).toHaveLength(afterEditor.length)
  })

  it('is the handler the admin uses', async () => {
    const layout = await import('node:fs').then((fs) =>
      fs.readFileSync('src/app/(payload)/layout.tsx', 'utf8'),
    )
    expect(layout).toMatch(/'schedule-publish': schedulePublish/)
  })
})
