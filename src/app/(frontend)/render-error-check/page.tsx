import { notFound } from 'next/navigation'
import { connection } from 'next/server'

export const metadata = { robots: { index: false, follow: false } }

/**
 * A page that fails to render, for the browser test of the site's error page: served only when
 * the server runs with RENDER_ERROR_CHECK=1 (the tests' servers); everywhere else it is a 404.
 */
export default async function RenderErrorCheck() {
  await connection()
  if (process.env.RENDER_ERROR_CHECK !== '1') notFound()
  throw new Error('render-error-check: this page fails on purpose')
}
