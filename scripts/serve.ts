/**
 * `npm run serve`: the production server of one instance among several (the image's command,
 * decision 0156). It serves an existing build (`npm run build`) on a database that `npm run
 * migrate` has prepared, and does nothing else: no embedded database, no migrations, no build.
 * DATABASE_URL and PAYLOAD_SECRET must be given (every instance shares them).
 *
 * The build's prerendered pages and data cache were read from the database the build could reach
 * (a throwaway one in the image's build stage), so they are dropped first (with any page a server
 * stored in that directory since): each page is rendered from this database on its first view,
 * then kept in the page cache.
 *
 * In the production image (decision 0250) the project is Next's standalone output: `server.js`
 * beside the build, with only the packages the server loads. That server is run then, in place of
 * `next start` (which is not in it); it listens on every interface, as `next start` does.
 *
 * Stopping, as `npm start`: SIGTERM reaches the Next server, which drains for up to STOP_DRAIN_MS.
 */
import fs from 'node:fs'
import path from 'node:path'

import { log, prepareEnvironment, root } from './lib/runtime'
import { SERVER_NODE_OPTIONS, superviseChildren } from './lib/supervise'

prepareEnvironment({ generateSecret: false })

const fail = (message: string) => {
  console.error(message)
  process.exit(1)
}

/**
 * Removes the pages and route bodies the build prerendered (server/app) and its data cache. The
 * pages this instance stored at run time (Next's page cache, server/route-cache) stay over a
 * restart: the catch-up of shared revalidations expires those that changed meanwhile.
 */
const dropBuildContent = (distDir: string) => {
  const stored = /\.(html|rsc|meta|body|segments)$/
  let dropped = 0
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (stored.test(entry.name)) {
        fs.rmSync(file, { recursive: true, force: true })
        dropped++
      } else if (entry.isDirectory()) walk(file)
    }
  }
  walk(path.join(distDir, 'server/app'))
  fs.rmSync(path.join(distDir, 'cache/fetch-cache'), { recursive: true, force: true })
  return dropped
}

const missing = ['DATABASE_URL', 'PAYLOAD_SECRET'].filter((name) => !process.env[name])
if (missing.length > 0)
  fail(`npm run serve needs ${missing.join(' and ')} (the same on every instance).`)
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next')
if (!fs.existsSync(path.join(distDir, 'BUILD_ID')))
  fail(`No build in ${path.relative(root, distDir)}: run npm run build first.`)
log('build content dropped', { files: dropBuildContent(distDir) })

const children = superviseChildren(() => process.exit(0))
const port = process.env.PORT || '3000'
const standaloneServer = path.join(root, 'server.js')
const standalone = fs.existsSync(standaloneServer)
if (standalone) {
  process.env.PORT = port
  // Not the container's host name (Docker sets HOSTNAME), which the standalone server would bind.
  process.env.HOSTNAME = '0.0.0.0'
}
log('serving', { url: `http://localhost:${port}`, standalone })
const served = standalone
  ? await children.runNode([standaloneServer], { nodeOptions: SERVER_NODE_OPTIONS })
  : await children.runNext(['start', '-p', port], { nodeOptions: SERVER_NODE_OPTIONS })
if (children.stopRequested()) process.exit(0)
console.error(`The Next.js server exited on its own (${served.signal ?? `code ${served.code}`}).`)
process.exit(served.code || 1)
