import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

// src/lib is the bottom layer (decision 178): it imports packages, other src/lib modules and the
// database schema (src/db, which imports packages only), never the config, collections, globals,
// services, endpoints, jobs, components, app or migrations.
// A relative import may not climb out of it either: one block a folder depth, each with the
// number of `../` that leaves src/lib from there.
const LIB_MESSAGE = 'src/lib imports only packages, src/lib and src/db (decision 178).'
const libAtTheBottom = [0, 1, 2, 3].map((depth) => ({
  files: [['src/lib', ...Array(depth + 1).fill('*')].join('/')],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '^@/(?!(lib|db)(/|$))', message: LIB_MESSAGE },
          { regex: '^@payload-config$', message: LIB_MESSAGE },
          { regex: `^(\\.\\./){${depth + 1},}`, message: LIB_MESSAGE },
        ],
      },
    ],
  },
}))

const config = [
  ...nextVitals,
  ...nextTs,
  // Tests read JSON bodies of many shapes.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The public site is CSS Modules (decision 0071): no public page loads styled-components.
  // Its internal links prefetch on intent (decision 0126): one link component, not next/link.
  {
    files: ['src/components/site/**', 'src/app/(frontend)/**'],
    ignores: ['src/components/site/Link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'styled-components',
              message: 'The public site is styled with CSS Modules (decision 0071).',
            },
            {
              name: 'next/link',
              message: 'Use src/components/site/Link: it prefetches on intent (decision 0126).',
            },
          ],
        },
      ],
    },
  },
  // An effect's callback returns nothing or its clean-up function, never a value by accident: a
  // concise arrow returns whatever its call returns (window.scrollTo returns a Promise in current
  // Chromium), and React calls that as the clean-up when the page unmounts, which kills the next
  // page. Effects take a block body; a clean-up is returned with an explicit `return`.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[expression=true]',
          message:
            'Give the effect a block body: a concise arrow returns its value, and React calls it as the clean-up.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[expression=true]',
          message:
            'Give the effect a block body: a concise arrow returns its value, and React calls it as the clean-up.',
        },
      ],
    },
  },
  ...libAtTheBottom,
  {
    ignores: [
      // The site's build, and the bench's empty Next.js page's (scripts/bench/empty-next-app).
      '**/.next/**',
      // Builds in other directories (NEXT_DIST_DIR), as .gitignore has them.
      '.next-*/**',
      'test-results/**',
      'node_modules/**',
      'data/**',
      'src/app/(payload)/**',
      'src/migrations/**',
      'src/payload-types.ts',
      // Payload writes it (npm run generate:db-schema), with an eslint-disable of its own.
      'src/db/schema.generated.ts',
    ],
  },
]

export default config
