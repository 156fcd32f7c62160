import { startTestServerWithTemplate } from './test-server'

/**
 * One PostgreSQL server per run (the embedded one unless TEST_DATABASE_URL is set) and one migrated
 * template database on it; every test file starts from a copy of the template.
 */
export default function setup() {
  return startTestServerWithTemplate('int')
}
