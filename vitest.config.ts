import path from 'node:path'

import { defineConfig } from 'vitest/config'

import LongestFirst from './tests/helpers/longest-first'

/**
 * Unit tests (src/, no database) and integration tests (tests/int/, real Payload on a real
 * database): files run in parallel, each integration file on its own copy of the migrated template
 * (tests/helpers/global-setup.ts).
 */
export default defineConfig({
  resolve: {
    alias: {
      '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    // Two at a time on a two-core machine: a file mostly waits on its database and servers, and
    // more workers than cores only stretch every file's start (docs/benchmarks.md, "The test run").
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A test that fails runs once more; the run ends with the list of those that needed it
    // (docs/decisions/0094-a-failed-test-runs-once-more.md). The target is none.
    retry: 1,
    reporters: ['default', './tests/helpers/retried-tests.ts'],
    // The longest files first: both workers end together (tests/helpers/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/int/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/setup-env.ts'],
        },
      },
    ],
  },
})
