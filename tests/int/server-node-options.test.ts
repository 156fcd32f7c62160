/**
 * The Next server's Node options (scripts/lib/supervise.ts, decision 0276) are accepted by the Node
 * that runs the tests: an option a Node release dropped would stop `npm start` and `npm run serve`
 * from starting at all ("bad option").
 */
import { spawnSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { SERVER_NODE_OPTIONS } from '../../scripts/lib/supervise'

describe("the server's Node options", () => {
  it('are accepted by this Node', () => {
    expect(SERVER_NODE_OPTIONS.length).toBeGreaterThan(0)
    const run = spawnSync(process.execPath, [...SERVER_NODE_OPTIONS, '-e', 'console.log("up")'], {
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout.trim()).toBe('up')
  })

  it('a misspelt one is refused (the check above can fail)', () => {
    const run = spawnSync(process.execPath, ['--heap-growing-percentage=30', '-e', '0'], {
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toMatch(/bad option/)
  })
})
