import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

const config = [
  ...nextVitals,
  ...nextTs,
  // Tests read JSON bodies of many shapes.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    ignores: [
      '.next/**',
      '.next-e2e/**',
      'test-results/**',
      'node_modules/**',
      'data/**',
      'src/app/(payload)/**',
      'src/migrations/**',
      'src/payload-types.ts',
    ],
  },
]

export default config
