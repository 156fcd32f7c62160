import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { passwordProblem } from '@/lib/password-policy'
import { envNow, envSchema } from '@/lib/env'
import { releaseAccount } from '@/services/admin/login'
import { resetSecondFactor } from '@/services/auth/second-factor'

type Level = 'full' | 'demo' | 'editor'

/**
 * Creates the user, or resets the password, access level, sign-in hold and second factors of an
 * existing one (the recovery path of a lost second factor: the user sets up a new one at the next
 * sign-in, decision 0210).
 */
export const upsertUser = async (
  payload: Payload,
  username: string,
  password: string,
  accessLevel: Level,
) => {
  const problem = await passwordProblem(password)
  if (problem) throw new Error(problem)
  const existing = await payload.find({
    collection: 'users',
    where: { username: { equals: username } },
    limit: 1,
    depth: 0,
  })
  const data = { username, password, accessLevel }
  if (existing.docs[0]) {
    await payload.update({ collection: 'users', id: existing.docs[0].id, data, depth: 0 })
    await releaseAccount(payload, username)
    await resetSecondFactor(payload, Number(existing.docs[0].id))
    return 'reset' as const
  }
  await payload.create({ collection: 'users', data, depth: 0 })
  return 'created' as const
}

/**
 * The first admin: from ADMIN_USERNAME / ADMIN_PASSWORD when set (created once, never overwritten),
 * otherwise `admin` with a generated password printed once, on the first start only.
 */
export const seedAdmin = async (payload: Payload) => {
  // Read at seeding time (not from the start's cached environment).
  const settings = envNow(envSchema.pick({ ADMIN_USERNAME: true, ADMIN_PASSWORD: true }))
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = settings.success
    ? settings.data
    : {}
  if (username && password) {
    const found = await payload.count({
      collection: 'users',
      where: { username: { equals: username } },
    })
    if (found.totalDocs === 0) await upsertUser(payload, username, password, 'full')
    return
  }
  if ((await payload.count({ collection: 'users' })).totalDocs > 0) return
  const generated = randomBytes(18).toString('base64url')
  await upsertUser(payload, 'admin', generated, 'full')
  console.log(
    [
      '',
      '  An admin account was created for this new site. This password is shown only once:',
      `    username: admin`,
      `    password: ${generated}`,
      '  Sign in at /admin/login. Change it with: npm run admin:create -- --username admin --password NEW',
      '',
    ].join('\n'),
  )
}
