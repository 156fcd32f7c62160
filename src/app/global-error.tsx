'use client'

/**
 * The last boundary: the site's layout itself failed, so nothing of it (styles, header) can be
 * relied on. A plain page in the site's colours with a retry and the way home; no details.
 */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>Something went wrong · Starfinity</title>
      </head>
      <body
        style={{
          margin: 0,
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          color: '#f3f1ff',
          background:
            '#07061a radial-gradient(ellipse at 20% 0%, #2b1d6b 0%, #100d2e 45%, #07061a 100%) fixed',
          fontFamily: 'system-ui, sans-serif',
          textAlign: 'center',
          padding: '2rem',
        }}
      >
        <main>
          <h1 style={{ fontSize: '2rem', margin: '0 0 1rem' }}>Something went wrong</h1>
          <p style={{ margin: '0 0 2rem', opacity: 0.85 }}>
            This page could not be shown just now. Please try again in a moment.
          </p>
          <button
            type="button"
            onClick={reset}
            style={{
              font: 'inherit',
              padding: '0.75rem 1.5rem',
              borderRadius: 999,
              border: 0,
              background: 'linear-gradient(90deg, #f5c66b 0%, #ec6fcf 100%)',
              color: '#120a2e',
              fontWeight: 700,
              cursor: 'pointer',
              marginRight: '1rem',
            }}
          >
            Try again
          </button>
          {/* A plain link: the app's router may be what failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" style={{ color: '#f5c66b' }}>
            Back to Home
          </a>
        </main>
      </body>
    </html>
  )
}
