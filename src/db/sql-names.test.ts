import { describe, expect, it } from 'vitest'

import {
  namesInText,
  overAllowance,
  schemaNames,
  untypedNames,
} from '../../scripts/check-sql-names'

describe('table and column names in SQL text (scripts/check-sql-names.ts)', () => {
  it('finds a name of the schema, bare or quoted, but not a value, a call, a cast but to an enum, an output name or a comment', () => {
    const names = schemaNames()
    const found = namesInText(
      `SELECT e."email", status AS product FROM waitlist_entries e
       -- the line's entries: a comment's words are not names
       WHERE e.product = 'waitlist_entries' AND lower(email) <> ''::email
         AND e.status = 'active'::enum_waitlist_entries_status`,
      names,
    )
    expect(found).toEqual([
      { name: 'email', lineOffset: 0 },
      { name: 'status', lineOffset: 0 },
      { name: 'waitlist_entries', lineOffset: 0 },
      { name: 'product', lineOffset: 2 },
      { name: 'email', lineOffset: 2 },
      { name: 'status', lineOffset: 3 },
      { name: 'enum_waitlist_entries_status', lineOffset: 3 },
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
