import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** Migrates one template database per run; every test file starts from a copy of it. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..')
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'tests/helpers/make-template.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      timeout: 120_000,
    },
  )
}
