import { describe, expect, it } from 'vitest'

import { describeBrowser, networkOf } from './describe'

describe('describeBrowser', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toBe(expected)
  })
})

describe('networkOf', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd::/48'],
    ['2001:0db8::1', '2001:db8::/48'],
    ['::1', 'this computer'],
    ['127.0.0.1', 'this computer'],
    ['[2001:db8:1:2::3]', '2001:db8:1::/48'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['2001:db8:0:1::1', '2001:db8::/48'],
    ['unknown', null],
    ['', null],
    ['999.1.1.1', null],
  ])('%s → %s', (address, expected) => {
    expect(networkOf(address)).toBe(expected)
  })
})
