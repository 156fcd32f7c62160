/**
 * Builds the browser tests' production site ahead of them (`npm test` runs this beside the
 * integration tests, then the browser suite with E2E_REUSE_BUILD=1). Its database is dropped
 * afterwards: the browser suite seeds a fresh copy of the same template.
 */
import { buildSite, openDatabase } from './site'

const database = await openDatabase()
try {
  await buildSite(database.url, 'pipe')
} finally {
  await database.close()
}
