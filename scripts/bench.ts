/**
 * `npm run bench`: load test of the production build. Starts the site with scripts/start.ts on a
 * free port and a throw-away embedded database, measures a bare JSON route (the baseline) and the
 * visitor write routes with autocannon, prints a table and the targets, and writes
 * bench-results/latest.json. A missed target is reported, not failed: the exit code is non-zero
 * only when the site cannot be started or stops answering. See docs/benchmarks.md.
 *
 * Each benchmark is a file under scripts/bench/ exporting `(bench: Bench) => Promise<void>`
 * (scripts/bench/run.ts describes `Bench`); they run in this order on the same site and database.
 * `npm run bench -- campaign email` runs only the parts named (in this order).
 */
import { benchAdmin } from './bench/admin'
import { benchCampaign } from './bench/campaign'
import { benchEmail } from './bench/email'
import { benchImport } from './bench/import'
import { benchPublicRoutes } from './bench/public-routes'
import { type Bench, runBench } from './bench/run'
import { benchSignIn } from './bench/sign-in'
import { benchSignInStorm } from './bench/sign-in-storm'
import { benchSignupsAtScale } from './bench/signups-at-scale'
import { benchSignupsBeside } from './bench/signups-beside'

const PARTS: [name: string, part: (bench: Bench) => Promise<unknown>][] = [
  ['public', benchPublicRoutes],
  // Before the admin part seeds 100,000 entries: the campaign goes to the whole waitlist, topped up
  // to 10,000 addresses.
  ['campaign', benchCampaign],
  ['admin', benchAdmin],
  // Reads the 100,000 rows the admin part seeded.
  ['at-scale', benchSignupsAtScale],
  ['email', benchEmail],
  ['import', benchImport],
  // A page's latency while sign-ins with unknown names hash passwords beside it.
  ['sign-in-storm', benchSignInStorm],
  // A full admin's sign-in with an authenticator app against a password-only one.
  ['sign-in', benchSignIn],
  // The signups again, new and known addresses, while a campaign to the whole waitlist (topped up
  // to 40,000) sends and the roll-up takes a million events: last, so no part before it pays.
  ['beside', benchSignupsBeside],
]

const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !PARTS.some(([part]) => part === name))
if (unknown.length > 0) {
  console.error(`Unknown part: ${unknown.join(', ')} (parts: ${PARTS.map(([n]) => n).join(', ')})`)
  process.exit(2)
}

runBench(async (bench) => {
  for (const [name, part] of PARTS)
    if (asked.length === 0 || asked.includes(name)) await part(bench)
})
