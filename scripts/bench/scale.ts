/**
 * `npm run bench:scale`: the site at launch-day volumes (docs/benchmarks.md). Starts the site like
 * `npm run bench` (scripts/bench/run.ts: the production build on a fresh embedded database, or a
 * database of the run's on BENCH_DATABASE_URL, or on DATABASE_URL when that is set instead), then
 * runs each section of scripts/bench/scale/ in the order of their file names. A section is a file
 * there whose default export is `(bench: Bench) => Promise<void>`; it seeds what it measures.
 * `npm run bench:scale -- events` runs only the sections named.
 */
import fs from 'node:fs'
import path from 'node:path'

import type { Bench } from './run'

// The site's database server when no benchmark server is named: a database of the run's on it.
process.env.BENCH_DATABASE_URL ||= process.env.DATABASE_URL ?? ''
delete process.env.DATABASE_URL

const { runBench } = await import('./run')

const directory = path.join(import.meta.dirname, 'scale')
const sections = fs
  .readdirSync(directory)
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .map((file) => path.basename(file, '.ts'))

const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !sections.includes(name))
if (unknown.length > 0) {
  console.error(`Unknown section: ${unknown.join(', ')} (sections: ${sections.join(', ')})`)
  process.exit(2)
}

runBench(async (bench) => {
  for (const name of sections) {
    if (asked.length > 0 && !asked.includes(name)) continue
    const section = (await import(path.join(directory, `${name}.ts`))) as {
      default: (bench: Bench) => Promise<void>
    }
    console.log(`\n== ${name} ==`)
    await section.default(bench)
  }
})
