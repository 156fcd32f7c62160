import { isbot } from 'isbot'
import { UAParser } from 'ua-parser-js'

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other'

/** What the site keeps of a visitor's browser: three coarse words, never the raw string. */
export type Visitor = { browser: string | null; os: string | null; deviceType: DeviceType }

/** Crawlers and monitors are not visitors: their page views and events are not counted. */
export const isBot = (userAgent: string | null): boolean => isbot(userAgent ?? '')

/**
 * Reduces a User-Agent header to browser, OS and device type (decision 0111). The versions and
 * the rest of the string (which can single a person out) are dropped here, before anything is
 * stored.
 */
export const describeVisitor = (userAgent: string | null): Visitor => {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' }
  const parsed = new UAParser(userAgent).getResult()
  const type = parsed.device.type
  const deviceType: DeviceType =
    type === 'mobile' || type === 'tablet'
      ? type
      : type === undefined && parsed.os.name
        ? 'desktop'
        : 'other'
  return {
    browser: parsed.browser.name?.slice(0, 50) ?? null,
    os: parsed.os.name?.slice(0, 50) ?? null,
    deviceType,
  }
}
