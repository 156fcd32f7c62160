import { networkInterfaces } from 'node:os'

/**
 * The origins whose cookie-authenticated requests the site accepts (Payload's CSRF and CORS
 * lists). With SERVER_URL: that origin, and loopback too outside production. Without it (the
 * two-command start) the site can be opened at any address it answers on by itself: the loopback
 * names and the network addresses Next.js prints at start, on its port. Otherwise an admin who
 * opened `http://127.0.0.1:3000` could read but every change answered 401 and sign-out failed.
 */
export const siteOrigins = ({
  serverUrl,
  port,
  production,
}: {
  serverUrl?: string
  port: number
  production: boolean
}): string[] => {
  const loopback = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]
  if (serverUrl) return [...new Set([new URL(serverUrl).origin, ...(production ? [] : loopback)])]
  const network = Object.values(networkInterfaces())
    .flat()
    // Link-local IPv6 addresses need a zone in a URL; Next.js does not print them.
    .filter((entry) => entry && !entry.internal && !entry.address.startsWith('fe80'))
    .map((entry) =>
      entry!.family === 'IPv6'
        ? `http://[${entry!.address}]:${port}`
        : `http://${entry!.address}:${port}`,
    )
  return [...new Set([...loopback, ...network])]
}
