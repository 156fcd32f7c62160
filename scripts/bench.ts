/**
 * `npm run bench`: load test of the production build. Starts the site with scripts/start.ts on a
 * free port and a throw-away embedded database, measures a bare JSON route (the baseline) and the
 * visitor write routes with autocannon, prints a table and the targets, and writes
 * bench-results/latest.json. A missed target is reported, not failed: the exit code is non-zero
 * only when the site cannot be started or stops answering. See docs/benchmarks.md.
 *
 * Each benchmark is a file under scripts/bench/ exporting `(bench: Bench) => Promise<void>`
 * (scripts/bench/run.ts describes `Bench`); they run in this order on the same site and database.
 */
import { benchAdmin } from './bench/admin'
import { benchEmail } from './bench/email'
import { benchImport } from './bench/import'
import { benchPublicRoutes } from './bench/public-routes'
import { runBench } from './bench/run'
import { benchSignupsAtScale } from './bench/signups-at-scale'

runBench(async (bench) => {
  await benchPublicRoutes(bench)
  await benchAdmin(bench)
  await benchSignupsAtScale(bench)
  await benchEmail(bench)
  await benchImport(bench)
})
