import { describe, expect, it } from 'vitest'

import { batched } from './batched'

describe('batched', () => {
  it('coalesces calls of one turn into one write, one in flight at a time, results in order', async () => {
    const writes: number[][] = []
    const double = batched(async (_owner: object, items: number[]) => {
      writes.push(items)
      await new Promise((resolve) => setTimeout(resolve, 10))
      return items.map((item) => item * 2)
    })
    const owner = {}
    const first = await Promise.all([1, 2, 3].map((n) => double(owner, n)))
    expect(first).toEqual([2, 4, 6])
    expect(writes).toEqual([[1, 2, 3]])

    // Calls made while a batch is in flight wait and go together in the next one.
    const inFlight = double(owner, 10)
    await new Promise((resolve) => setTimeout(resolve, 2))
    const later = [11, 12].map((n) => double(owner, n))
    expect(await Promise.all([inFlight, ...later])).toEqual([20, 22, 24])
    expect(writes.slice(1)).toEqual([[10], [11, 12]])
  })

  it('splits at the cap, keeps owners apart, and settles every call when a write fails', async () => {
    const writes: string[][] = []
    const echo = batched(async (owner: { name: string }, items: string[]) => {
      writes.push(items.map((item) => `${owner.name}:${item}`))
      if (items.includes('boom')) throw new Error('write failed')
      return items.map((item) => (item === 'bad' ? new Error('bad item') : item))
    }, 2)
    const a = { name: 'a' }
    const b = { name: 'b' }
    const results = await Promise.allSettled([
      echo(a, 'x'),
      echo(a, 'bad'),
      echo(a, 'y'),
      echo(b, 'z'),
    ])
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    expect([...writes].sort()).toEqual([['a:x', 'a:bad'], ['a:y'], ['b:z']])

    const failed = await Promise.allSettled([echo(a, 'boom'), echo(a, 'fine')])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(await echo(a, 'again')).toBe('again')
  })
})
