import { notFound } from 'next/navigation'

/** Every path no other route matches: the site's 404 page (not-found.tsx), status 404. */
export default function UnknownPage() {
  notFound()
}
