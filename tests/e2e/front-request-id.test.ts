import { afterAll, beforeAll, expect, test } from 'vitest'

import { startCluster, type TestCluster } from './helpers/cluster'

/**
 * One request id (decision 0207): a request through the shipped front carries the front's id in
 * its access log, in the instance's log line and in the answer. One instance, no browser.
 */
let cluster: TestCluster
beforeAll(async () => {
  // Info lines too: an access the API refuses is logged at info.
  cluster = await startCluster({ instances: 1, env: { LOG_LEVEL: 'info' } })
}, 240_000)
afterAll(async () => {
  await cluster?.stop()
})

/** The instance's JSON log lines that name this id (its output may lag the answer a little). */
const instanceLines = async (requestId: string) => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const lines = cluster.instances[0]
      .output()
      .split('\n')
      .filter((line) => line.includes(requestId))
    if (lines.length > 0) return lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return []
}

test('the front’s id is in its access log, the instance’s log line and the answer', async () => {
  // A client's own id is not trusted: the front always sets its own.
  const sent = 'f'.repeat(32)
  const answer = await cluster.front.request('/api/waitlist-entries', {
    headers: { 'x-request-id': sent },
  })
  expect(answer.status).toBe(403)
  const requestId = answer.headers['x-request-id']
  expect(requestId).toMatch(/^[0-9a-f]{32}$/)
  expect(requestId).not.toBe(sent)

  const logged = cluster.front
    .accessLog()
    .filter((line) => line.includes('"GET /api/waitlist-entries HTTP/'))
  expect(logged).toHaveLength(1)
  expect(logged[0]).toContain(` request_id=${requestId}`)

  const lines = await instanceLines(requestId as string)
  expect(lines.length).toBeGreaterThan(0)
  for (const line of lines) expect(line.requestId).toBe(requestId)
})
