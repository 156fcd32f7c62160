import { describe, expect, it } from 'vitest'

import { ROUTE_PATTERNS, routePattern } from './routes'
import { BUCKET_ERROR, bucketOf, bucketValue, percentileBucket, unitsOf } from './vitals'

describe('routePattern', () => {
  it.each([
    ['/', '/'],
    ['/faq', '/faq'],
    ['/faq/', '/faq'],
    ['/insights', '/insights'],
    ['/insights/how-we-draw-dune', '/insights/[slug]'],
    ['/insights/page/3', '/insights/page/[page]'],
    ['/waitlist/confirm', '/waitlist/confirm'],
    ['/email/preferences', '/email/preferences'],
    ['/someone@example.com', '/[...slug]'],
    ['/insights/a/b', '/[...slug]'],
  ])('%s is served by %s', (path, pattern) => {
    expect(routePattern(path)).toBe(pattern)
    expect(ROUTE_PATTERNS).toContain(pattern)
  })
})

describe('the histogram buckets', () => {
  it('stand for every value within the stated error', () => {
    for (const metric of ['lcp', 'cls'] as const)
      for (
        let value = 0;
        value < (metric === 'cls' ? 5 : 600_000);
        value = value * 1.013 + (metric === 'cls' ? 0.0007 : 0.7)
      ) {
        const shown = bucketValue(metric, bucketOf(unitsOf(metric, value)))
        const unit = metric === 'cls' ? 0.001 : 1
        expect(Math.abs(shown - value)).toBeLessThanOrEqual(
          Math.max(value * BUCKET_ERROR * 1.000001, unit),
        )
      }
  })

  it('give the nearest-rank percentile', () => {
    expect(
      percentileBucket(
        new Map([
          [3, 1],
          [1, 2],
          [7, 1],
        ]),
        0.75,
      ),
    ).toBe(3)
    expect(
      percentileBucket(
        new Map([
          [3, 1],
          [1, 2],
          [7, 1],
        ]),
        1,
      ),
    ).toBe(7)
    expect(percentileBucket(new Map(), 0.75)).toBeNull()
  })
})
