import { describe, expect, it } from 'vitest'

import {
  namesInText,
  overAllowance,
  schemaNames,
  untypedNames,
} from '../../scripts/check-sql-names'

describe('table and column names in SQL text (scripts/check-sql-names.ts)', () => {
  it('finds a name of the schema, bare or quoted, but not a value, a call, a cast or an output name', () => {
    const names = schemaNames()
    const found = namesInText(
      `SELECT e."email", status AS product FROM waitlist_entries e
       WHERE e.product = 'waitlist_entries' AND lower(email) <> ''::email`,
      names,
    )
    expect(found).toEqual([
      { name: 'email', lineOffset: 0 },
      { name: 'status', lineOffset: 0 },
      { name: 'waitlist_entries', lineOffset: 0 },
      { name: 'product', lineOffset: 1 },
      { name: 'email', lineOffset: 1 },
    ])
  })

  it('has no file over its allowance', () => {
    const over = overAllowance(untypedNames()).map(
      ([file, places]) =>
        `${file}: ${places.length}\n` +
        places.map((place) => `  line ${place.line}: ${place.name} in ${place.text}`).join('\n'),
    )
    expect(
      over,
      'Name tables and columns through src/db (docs/decisions/0172-typed-statements.md); ' +
        '`node scripts/run-ts.mjs scripts/check-sql-names.ts` lists every place',
    ).toEqual([])
  })
})
