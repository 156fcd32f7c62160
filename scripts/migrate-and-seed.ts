/**
 * Migrations and seed, in a process of their own: `npm start` runs this (through run-ts.mjs)
 * once its database is up and before the server. Payload's configuration is loaded here, not in
 * the start process, which only supervises the database and the server: what it loads is gone
 * before the server starts.
 */
import './lib/bootstrap'

import { migrateAndSeed } from './lib/prepare'

migrateAndSeed().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
