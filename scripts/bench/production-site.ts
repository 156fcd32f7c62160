import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedServer } from '../lib/embedded-db'
import { root } from '../lib/runtime'
import { npmScriptArgs } from '../lib/site-server'

/**
 * What a bench of the production build on its own throw-away embedded database needs: the
 * database, the environment its processes run with (`env` over the production defaults), a way to
 * run the project's own npm scripts in it, a printer that keeps what it printed, and the clean-up.
 */
export const productionSite = async (name: string, env: Record<string, string | undefined>) => {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), `starfinity-bench-${name}-`))
  const database = await startEmbeddedServer({ dataRoot, throwaway: true })
  const siteEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '0',
    NEXT_TELEMETRY_DISABLED: '1',
    ...env,
  }
  const output: string[] = []
  return {
    database,
    env: siteEnv,
    output,
    /** Prints a line and keeps it for the bench's results file. */
    say: (line: string) => {
      console.log(line)
      output.push(line)
    },
    /** Runs `npm run <script>` (its own command, with this Node); fails the bench when it fails. */
    npmRun: (script: string, extra: Record<string, string> = {}) => {
      const result = spawnSync(process.execPath, npmScriptArgs(script), {
        cwd: root,
        env: { ...siteEnv, ...extra } as NodeJS.ProcessEnv,
        stdio: 'inherit',
      })
      if (result.status !== 0) throw new Error(`npm run ${script} failed (${result.status})`)
    },
    /** Writes what was said to bench-results/<name>.txt. */
    saveOutput: () => {
      fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true })
      fs.writeFileSync(path.join(root, 'bench-results', `${name}.txt`), `${output.join('\n')}\n`)
    },
    stop: async () => {
      await database.stop()
      fs.rmSync(dataRoot, { recursive: true, force: true })
    },
  }
}
