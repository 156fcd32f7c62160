import { describe, expect, it } from 'vitest'

import { commonPasswords, passwordProblem } from './password-policy'

describe('passwordProblem', () => {
  it('knows at least 10,000 common passwords', async () => {
    expect((await commonPasswords()).size).toBeGreaterThanOrEqual(10_000)
  })

  it('refuses entries from deep in the list, in any case', async () => {
    for (const password of [
      'punksnotdead',
      'nightcrawler',
      'josephphone7',
      'GTHTRFNBGJKT',
      'MsOracle32re',
      'starfinity123',
    ]) {
      expect(await passwordProblem(password), password).toBe('This password is too common')
    }
  })

  it('accepts a strong passphrase and refuses short or repeated ones', async () => {
    expect(await passwordProblem('violet otter carries seven lanterns')).toBeUndefined()
    expect(await passwordProblem('short')).toMatch(/at least 12/)
    expect(await passwordProblem('zzzzzzzzzzzzzz')).toBe('This password is too common')
  })
})
