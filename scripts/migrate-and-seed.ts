/**
 * Migrations and seed, in a process of their own: `npm start` runs this (through run-ts.mjs)
 * once its database is up and before the server. Loading Payload's configuration here rather than
 * inside the start process keeps a Node 20 module-loading stall restartable: this process has
 * nothing else alive, so a stalled load ends with exit 13 and run-ts.mjs starts it again, where
 * inside the start process the database child would have kept it waiting for ever.
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
