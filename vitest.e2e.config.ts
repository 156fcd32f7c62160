import path from 'node:path'

import { defineConfig } from 'vitest/config'

import LongestFirst from './tests/helpers/longest-first'

/** Browser tests: Chromium against the production build (tests/e2e/global-setup.ts). */
export default defineConfig({
  resolve: {
    alias: {
      '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    // A test that fails runs once more; the run ends with the list of those that needed it
    // (docs/decisions/0094-a-failed-test-runs-once-more.md). The target is none.
    retry: 1,
    reporters: ['default', './tests/helpers/retried-tests.ts'],
    // The longest files first: both workers end together (tests/helpers/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    hookTimeout: 120_000,
  },
})
