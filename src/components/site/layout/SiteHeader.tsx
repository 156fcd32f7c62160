import Link from '../Link'

import { HeaderMenu } from './HeaderMenu'
import styles from './SiteHeader.module.css'

/**
 * Logo, section links (scroll on the home page, /#section elsewhere), Join Waitlist, and a
 * collapsible menu on small screens. The bar and the logo are server HTML; only the menu, which
 * changes in the browser, is a client component.
 */
export function SiteHeader() {
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link className={styles.logo} href="/" aria-label="Starfinity home">
          <svg className={styles.mark} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M8 0q.9 7.1 8 8-7.1.9-8 8-.9-7.1-8-8 7.1-.9 8-8Z" fill="currentColor" />
          </svg>{' '}
          Starfinity
        </Link>
        <HeaderMenu />
      </div>
    </header>
  )
}
