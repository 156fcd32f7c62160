import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

it('src/db/schema.generated.ts is what payload.config.ts generates', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-schema-'))
  try {
    const outputFile = path.join(dir, 'schema.generated.ts')
    const generated = spawnSync(
      process.execPath,
      ['scripts/run-ts.mjs', 'scripts/generate-db-schema.ts', outputFile],
      { cwd: root, encoding: 'utf8' },
    )
    expect(generated.status, generated.stderr).toBe(0)
    const committed = fs.readFileSync(path.join(root, 'src/db/schema.generated.ts'), 'utf8')
    expect(
      fs.readFileSync(outputFile, 'utf8') === committed,
      'src/db/schema.generated.ts is out of date: run `npm run generate:db-schema` and commit it',
    ).toBe(true)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
