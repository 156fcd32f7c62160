import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, expect, test } from 'vitest'

import { rollingRestart, visitorLoad } from '../../scripts/lib/cluster'
import { type BenchSmtp, startBenchSmtp } from '../../scripts/bench/email'
import { asVisitor, startCluster, type TestCluster } from './helpers/cluster'
import { E2E_USERS } from './helpers/users'

/**
 * Two production instances behind the production front: a rolling restart under load loses
 * nothing, and the jobs (email, scheduled publishing) run once across both (decision 0157).
 */
let cluster: TestCluster
let smtp: BenchSmtp
beforeAll(async () => {
  smtp = await startBenchSmtp()
  cluster = await startCluster({ env: { SMTP_URL: smtp.url } })
}, 240_000)
afterAll(async () => {
  await cluster?.stop()
  await smtp?.stop()
})

const { get, postJson } = asVisitor(() => cluster)

test('a rolling restart under load: no GET fails, every acknowledged signup is stored, sessions survive', async () => {
  const { username, password } = E2E_USERS.full
  const login = await postJson('/api/users/login', { username, password })
  expect(login.status).toBe(200)
  const cookie = (login.headers['set-cookie'] ?? [])
    .map((value) => value.split(';')[0])
    .find((pair) => pair.startsWith('payload-token=')) as string

  const load = visitorLoad(cluster.front)
  await load.waitFor(30)
  await rollingRestart(cluster.front, cluster.instances, () => load.waitFor(30))
  await load.waitFor(30)
  const tally = await load.stop()

  expect(tally.failedGets).toEqual([])
  expect(tally.other).toEqual([])
  expect(tally.acknowledged.length).toBeGreaterThan(0)
  const stored = await cluster.query<{ email: string }>(
    'SELECT email FROM waitlist_entries WHERE email = ANY($1)',
    [tally.acknowledged],
  )
  expect(stored.length).toBe(tally.acknowledged.length)
  // A signup refused with 503 was indeed not stored: the visitor was told the truth.
  const refusedStored = await cluster.query(
    'SELECT 1 FROM waitlist_entries WHERE email = ANY($1)',
    [tally.refused],
  )
  expect(refusedStored).toEqual([])

  // Both instances were restarted since the admin signed in: the session still holds.
  const me = await get('/api/users/me', { cookie, 'sec-fetch-site': 'same-origin' })
  expect(JSON.parse(me.body).user?.username).toBe(username)
}, 240_000)

test('each email is sent once, with both instances working the queue', async () => {
  const stamp = randomBytes(4).toString('hex')
  const emails = Array.from({ length: 20 }, (_, i) => `once-${stamp}-${i}@example.com`)
  for (const email of emails) {
    const joined = await postJson('/api/waitlist', { email, name: 'Once', product: 'records' })
    expect(joined.status).toBe(201)
  }
  const delivered = () => emails.filter((email) => smtp.received.has(email)).length
  await expect.poll(delivered, { timeout: 60_000 }).toBe(emails.length)
  // Nothing of theirs is left to send (a log row is marked sent once the server has taken it).
  const unsent = async () =>
    (
      await cluster.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM email_logs WHERE to_email = ANY($1) AND status <> 'sent'`,
        [emails],
      )
    )[0].n
  await expect.poll(unsent, { timeout: 30_000 }).toBe(0)
  expect(emails.map((email) => smtp.received.get(email))).toEqual(Array(emails.length).fill(1))
})

test('a scheduled publish fires once', async () => {
  const { username, password } = E2E_USERS.editor
  const login = await postJson('/api/users/login', { username, password })
  const { token, user } = JSON.parse(login.body) as { token: string; user: { id: number } }
  const question = `Scheduled once ${randomBytes(4).toString('hex')}?`
  const created = await postJson(
    '/api/faq-items?draft=true',
    { group: 'Getting Started', question, answer: 'Soon.' },
    { authorization: `JWT ${token}` },
  )
  expect(created.status, created.body).toBe(201)
  const item = (JSON.parse(created.body) as { doc: { id: number } }).doc
  // What the admin's "Schedule publish" stores: a job on the default queue, due in a second.
  // Both instances' timers tick at the same seconds (EMAIL_QUEUE_CRON), so both see it due.
  await cluster.query(
    `INSERT INTO payload_jobs (input, task_slug, queue, wait_until)
     VALUES ($1, 'schedulePublish', 'default', now() + interval '1 second')`,
    [
      JSON.stringify({
        type: 'publish',
        doc: { relationTo: 'faq-items', value: item.id },
        user: { relationTo: 'users', value: user.id },
      }),
    ],
  )
  const published = async () =>
    (
      await cluster.query<{ s: string }>('SELECT _status AS s FROM faq_items WHERE id = $1', [
        item.id,
      ])
    )[0]?.s
  await expect.poll(published, { timeout: 30_000 }).toBe('published')
  // The job is done (and deleted) once; a second run would have made a second version.
  await expect
    .poll(
      async () =>
        (
          await cluster.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'schedulePublish'`,
          )
        )[0].n,
      { timeout: 30_000 },
    )
    .toBe(0)
  const versions = await cluster.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM _faq_items_v WHERE parent_id = $1 AND version__status = 'published'`,
    [item.id],
  )
  expect(versions).toEqual([{ n: 1 }])
  // And it shows everywhere: on each instance's cached /faq, and through the front.
  for (const instance of cluster.instances)
    await expect
      .poll(async () => (await (await fetch(`${instance.url}/faq`)).text()).includes(question), {
        timeout: 30_000,
      })
      .toBe(true)
  await expect
    .poll(async () => (await get('/faq')).body.includes(question), { timeout: 60_000 })
    .toBe(true)
})
