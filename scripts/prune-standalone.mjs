/**
 * `node scripts/prune-standalone.mjs [distDir]`: removes from Next's standalone output
 * (`<distDir>/standalone`, after `next build` with NEXT_OUTPUT=standalone) the project files the
 * server never loads (decision 0250). The build's tracing of the instrumentation takes the whole
 * project, which `outputFileTracingExcludes` does not reach: kept are `server.js`, `package.json`,
 * `next.config.mjs`, `node_modules`, the build directory and the `.mjs` modules under `src/` that
 * are loaded natively (the page cache handler and what it imports). The Dockerfile's build stage
 * runs it, and so does the browser tests' build. Plain JavaScript: no loader needed.
 */
import fs from 'node:fs'
import path from 'node:path'

const KEPT = new Set(['server.js', 'package.json', 'next.config.mjs', 'node_modules', 'src'])

/** Removes every file under `dir` but `.mjs` ones, then the folders left empty. */
const keepOnlyModules = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      keepOnlyModules(file)
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file)
    } else if (!entry.name.endsWith('.mjs')) fs.rmSync(file)
  }
}

export const pruneStandalone = (root, distDir) => {
  const standalone = path.join(root, distDir, 'standalone')
  if (!fs.existsSync(path.join(standalone, 'server.js')))
    throw new Error(`${standalone} has no standalone output (NEXT_OUTPUT=standalone next build)`)
  const buildDir = path.basename(distDir)
  let removed = 0
  for (const entry of fs.readdirSync(standalone)) {
    if (KEPT.has(entry) || entry === buildDir) continue
    fs.rmSync(path.join(standalone, entry), { recursive: true, force: true })
    removed++
  }
  const src = path.join(standalone, 'src')
  if (fs.existsSync(src)) keepOnlyModules(src)
  return removed
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..')
  const distDir = process.argv[2] || process.env.NEXT_DIST_DIR || '.next'
  const removed = pruneStandalone(root, distDir)
  console.log(`standalone output pruned: ${removed} entries of the project removed`)
}
