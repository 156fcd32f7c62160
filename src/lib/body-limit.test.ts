import { describe, expect, test } from 'vitest'

import { declaredBodyLimits } from './body-limit'

const handler = async () => Response.json({})

describe('declaredBodyLimits', () => {
  test('an endpoint that declares a limit has it under /api; the others keep the default', () => {
    const limits = declaredBodyLimits([
      { path: '/admin/import', method: 'post', handler, custom: { bodyLimit: 5 } },
      { path: '/admin/other', method: 'post', handler },
      { path: '/admin/:id', method: 'post', handler, custom: { label: 'x' } },
    ])
    expect([...limits]).toEqual([['/api/admin/import', 5]])
  })

  test('a limit on a path with parameters, or not a number, is refused at start', () => {
    expect(() =>
      declaredBodyLimits([{ path: '/a/:id', method: 'post', handler, custom: { bodyLimit: 1 } }]),
    ).toThrow(/fixed path/)
    expect(() =>
      declaredBodyLimits([{ path: '/a', method: 'post', handler, custom: { bodyLimit: '1' } }]),
    ).toThrow(/number/)
  })
})
