/**
 * The embedded database as its own process: PGlite's WebAssembly runs apart from Payload and Next
 * (sharing one process with Payload's module loading proved unreliable). Started by
 * spawnEmbeddedDatabase over an IPC channel; answers `ready`, `dumped` or `failed` messages.
 */
import fs from 'node:fs'

import { DatabaseInUseError, startEmbeddedDatabase } from './embedded'

type Request = { type: 'dump'; path: string }

const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : undefined
}

const send = (message: Record<string, unknown>) => process.send?.(message)

const main = async () => {
  const load = arg('load')
  const database = await startEmbeddedDatabase({
    dataDir: arg('data-dir'),
    socketId: arg('socket-id') as string,
    loadDataDir: load ? new Blob([fs.readFileSync(load)]) : undefined,
  })
  let closing = false
  const close = async () => {
    if (closing) return
    closing = true
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', close)
  process.on('SIGTERM', close)
  // The owner went away: never leave a database running behind it.
  process.on('disconnect', close)
  process.on('message', async (request: Request) => {
    if (request.type !== 'dump') return
    const dump = await database.db.dumpDataDir('none')
    fs.writeFileSync(request.path, Buffer.from(await dump.arrayBuffer()))
    send({ type: 'dumped' })
  })
  send({ type: 'ready', url: database.url })
}

main().catch((error: unknown) => {
  const inUse = error instanceof DatabaseInUseError
  send({ type: 'failed', message: (error as Error).message, inUse })
  process.exit(1)
})
