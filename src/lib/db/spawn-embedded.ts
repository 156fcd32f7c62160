import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { DatabaseInUseError, readLock } from './embedded'

export type EmbeddedDatabaseProcess = {
  url: string
  /** Writes the whole data directory as a tar archive (test templates). */
  dump: (file: string) => Promise<void>
  close: () => Promise<void>
}

type Message =
  | { type: 'ready'; url: string }
  | { type: 'dumped' }
  | { type: 'failed'; message: string; inUse: boolean }

const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'embedded-server.ts')
const tsxLoader = createRequire(import.meta.url).resolve('tsx')

/** Starts the embedded database in a child process and resolves with its postgres:// address. */
export const spawnEmbeddedDatabase = (options: {
  dataDir?: string
  load?: string
  socketId: string
}) =>
  new Promise<EmbeddedDatabaseProcess>((resolve, reject) => {
    const args = [
      '--socket-id',
      options.socketId,
      ...(options.dataDir ? ['--data-dir', options.dataDir] : []),
      ...(options.load ? ['--load', options.load] : []),
    ]
    const child = fork(serverScript, args, {
      execArgv: ['--import', tsxLoader],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let exited = false
    const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())))

    const next = (type: Message['type']) =>
      new Promise<Message>((done, fail) => {
        const onMessage = (message: Message) => {
          if (message.type !== type && message.type !== 'failed') return
          child.off('message', onMessage)
          done(message)
        }
        child.on('message', onMessage)
        void exit.then(() => fail(new Error('The embedded database process exited')))
      })

    next('ready')
      .then((message) => {
        if (message.type === 'failed') {
          const owner = options.dataDir ? readLock(options.dataDir) : undefined
          throw message.inUse && owner && options.dataDir
            ? new DatabaseInUseError(options.dataDir, owner.pid, owner.url)
            : new Error(message.message)
        }
        resolve({
          url: (message as { url: string }).url,
          dump: async (file) => {
            child.send({ type: 'dump', path: file })
            await next('dumped')
          },
          close: async () => {
            if (!exited) child.kill('SIGTERM')
            await exit
          },
        })
      })
      .catch(reject)
  })
