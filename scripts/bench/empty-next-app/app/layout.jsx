/**
 * `npm run bench:web`'s Lighthouse floor: the smallest App Router page, built with the site's own
 * Next.js and measured beside the site in the same run (scripts/bench/lighthouse-floor.ts).
 */
export const metadata = { title: 'Empty Next.js page' }

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
