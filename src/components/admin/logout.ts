/** Ends the session on the server (Payload clears its cookie) and goes to /about (spec §2). */
export const logout = async () => {
  try {
    await fetch('/api/users/logout', { method: 'POST', credentials: 'include' })
  } finally {
    // A full load: /about belongs to the public site's own root layout.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/about')
  }
}
