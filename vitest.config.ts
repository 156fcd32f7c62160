import path from 'node:path'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '@payload-config': path.resolve(import.meta.dirname, 'payload.config.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  test: {
    environment: 'node',
    include: ['tests/int/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup-env.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    // As the browser tests: a test that fails runs once more, and a pass on the second try is
    // reported as "(retry x1)" (docs/decisions/0094-a-failed-test-runs-once-more.md).
    retry: 1,
    hookTimeout: 180_000,
  },
})
