import { isIP } from 'node:net'

/** Browsers by their User-Agent token, most specific first (Edge and Opera also say "Chrome"). */
const BROWSERS: [pattern: RegExp, name: string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

/** Systems, phones before desktops (an iPad may say "Mac OS X", Android says "Linux"). */
const SYSTEMS: [pattern: RegExp, name: string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/**
 * "Chrome on macOS": enough for a person to recognise their own devices, read from the
 * User-Agent with a few patterns (no library: the list shows a label, nothing decides on it).
 * Programs that are not browsers show their own name ("curl").
 */
export const describeBrowser = (userAgent: string | null | undefined): string => {
  if (!userAgent?.trim()) return 'Unknown browser'
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser) return system ? `${browser} on ${system}` : browser
  const program = /^[A-Za-z][\w.-]{0,39}/.exec(userAgent.trim())?.[0]
  if (program && program !== 'Mozilla') return system ? `${program} on ${system}` : program
  return system ? `A browser on ${system}` : 'Unknown browser'
}

/**
 * The network an address belongs to, never the address itself: IPv4 to its /24, IPv6 to its /48
 * (an IPv4 address written as IPv6 counts as IPv4). Anything else is no network at all.
 */
export const networkOf = (address: string | null | undefined): string | null => {
  const trimmed = (address ?? '').trim().replace(/^\[|\]$/g, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1]
  const ip = mapped ?? trimmed.replace(/%.*$/, '')
  switch (isIP(ip)) {
    case 4:
      return ip.startsWith('127.') ? LOOPBACK : `${ip.split('.').slice(0, 3).join('.')}.0/24`
    case 6: {
      const groups = expandIpv6(ip)
      if (groups.join(':') === '0:0:0:0:0:0:0:1') return LOOPBACK
      // The /48's three groups, its trailing zero groups folded into "::" ("2001:db8::/48").
      const kept = groups.slice(0, 3)
      while (kept.at(-1) === '0') kept.pop()
      return `${kept.join(':')}::/48`
    }
    default:
      return null
  }
}

/** A session from the server's own machine (a front on the same host, a local test). */
const LOOPBACK = 'this computer'

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001,db8,0,…,1). */
const expandIpv6 = (ip: string): string[] => {
  const [head = '', tail] = ip.split('::')
  const parts = (text: string) => (text ? text.split(':') : [])
  const groups =
    tail === undefined
      ? parts(head)
      : [
          ...parts(head),
          ...Array<string>(8 - parts(head).length - parts(tail).length).fill('0'),
          ...parts(tail),
        ]
  // An embedded IPv4 tail ("::1.2.3.4") only ever lands past the /48 kept here.
  return groups.map((group) =>
    /^[0-9a-f]+$/i.test(group) ? parseInt(group, 16).toString(16) : '0',
  )
}
