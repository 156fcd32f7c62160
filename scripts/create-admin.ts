/**
 * Creates a user or resets one: npm run admin:create -- --username NAME --password PASS [--demo | --editor]
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload } from './lib/migrate'
import { upsertUser } from '@/seed/admin'

const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : undefined
}

const username = arg('username')
const password = arg('password')
if (!username || !password) {
  console.error(
    'Usage: npm run admin:create -- --username NAME --password PASS [--demo | --editor]',
  )
  process.exit(2)
}
const accessLevel = process.argv.includes('--demo')
  ? 'demo'
  : process.argv.includes('--editor')
    ? 'editor'
    : 'full'

const payload = await getPayload({ config })
try {
  const result = await upsertUser(payload, username, password, accessLevel)
  console.log(`User ${username} ${result} with ${accessLevel} access.`)
} catch (error) {
  console.error(`Could not save ${username}: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await closePayload(payload)
}
process.exit()
