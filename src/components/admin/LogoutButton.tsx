'use client'

import { logout } from './logout'

/** The nav's logout control: ends the session and goes to /about, like the dashboard's. */
export function LogoutButton() {
  return (
    <button type="button" className="nav__log-out" onClick={logout} aria-label="Log out">
      Log out
    </button>
  )
}
