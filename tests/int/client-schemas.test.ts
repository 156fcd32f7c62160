import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import {
  contactFormSchema,
  newsletterFormSchema,
  parentFormSchema,
  waitlistFormSchema,
} from '@/schemas/client'
import { fieldErrors } from '@/schemas/common'
import { contactMessageSchema } from '@/schemas/contact'
import { newsletterSignupSchema } from '@/schemas/newsletter'
import { parentEngagementSchema } from '@/schemas/parent-engagement'
import { waitlistSignupSchema } from '@/schemas/waitlist'

type Parser = { safeParse: (value: unknown) => { success: boolean; data?: unknown; error?: any } }

/** What a visitor sees: the parsed values, or the first message of each field. */
const outcome = (schema: Parser, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? { data: result.data } : { errors: fieldErrors(result.error) }
}

// Values a visitor may type: blanks, padding, long strings, addresses good and bad, odd types.
const text = fc.oneof(
  fc.constantFrom('', '   ', 'Ana', ' Ana ', 'x'.repeat(101), 'y'.repeat(2001), 'a@b', 'hi there!'),
  fc.constantFrom(
    'ana@example.com',
    ' ANA@Example.COM ',
    'not-an-email',
    `${'a'.repeat(250)}@x.io`,
  ),
  fc.string({ maxLength: 300 }),
  fc.emailAddress(),
  // Control characters: refused with the same message on both sides (tab and line breaks only in
  // long text).
  fc.constantFrom('a\u0000b', 'Ana\t', 'line\none', 'x\u001by', '\u0085', 'ten chars!\u0007'),
  // Names holding a web or email address, and names with dots that hold none.
  fc.constantFrom(
    'Ann https://evil.example/win',
    'www.evil.example',
    'Ann evil.example',
    'ann@evil.example',
    'J.R.R. Tolkien',
    'x'.repeat(95) + ' a.bc',
  ),
)
const field = fc.oneof(text, text, fc.constant(undefined), fc.integer(), fc.constant(null))
const tags = fc.oneof(fc.constant(undefined), fc.array(text, { maxLength: 25 }), text)

const cases: [string, Parser, Parser, Record<string, fc.Arbitrary<unknown>>][] = [
  [
    'newsletter',
    newsletterSignupSchema.pick({ email: true, firstName: true }),
    newsletterFormSchema,
    { email: field, firstName: field },
  ],
  [
    'waitlist',
    waitlistSignupSchema.pick({ email: true, name: true, interests: true, referralSource: true }),
    waitlistFormSchema,
    { email: field, name: field, interests: tags, referralSource: field },
  ],
  [
    'parent connect',
    parentEngagementSchema.pick({ name: true, email: true, childAge: true }),
    parentFormSchema,
    {
      name: field,
      email: field,
      childAge: fc.oneof(field, fc.constantFrom('3-4', '7-8', 'multiple')),
    },
  ],
  [
    'contact',
    contactMessageSchema,
    contactFormSchema,
    {
      name: field,
      email: field,
      subject: field,
      message: field,
      priority: fc.oneof(field, fc.constantFrom('low', 'urgent')),
      tags: tags,
    },
  ],
]

describe('the forms’ light schemas agree with the server’s', () => {
  for (const [name, server, client, shape] of cases) {
    test(`${name}: same values, same messages`, () => {
      fc.assert(
        fc.property(fc.record(shape, { requiredKeys: [] }), (value) => {
          expect(outcome(client, value)).toEqual(outcome(server, value))
        }),
        { numRuns: 500 },
      )
    })
  }

  test('a valid signup passes both, trimmed and lower-cased alike', () => {
    const value = { email: ' Ana@Example.COM ', name: ' Ana ', referralSource: ' friend ' }
    expect(outcome(waitlistFormSchema, value)).toEqual({
      data: { email: 'ana@example.com', name: 'Ana', referralSource: 'friend' },
    })
    expect(outcome(waitlistFormSchema, { email: 'nope', name: '' })).toEqual({
      errors: { email: 'Please enter a valid email address', name: 'Name is required' },
    })
  })
})
