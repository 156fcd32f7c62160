import styles from './AdminAccessLink.module.css'

/**
 * The about page's discreet way in for the team (spec §2): nearly invisible until hovered or
 * focused. A plain link, so the admin bundle is never prefetched for visitors.
 */
export function AdminAccessLink() {
  return (
    <div className={styles.wrap}>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link on purpose (above) */}
      <a className={styles.icon} href="/admin/login" aria-label="Admin access" title="Admin access">
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path
            d="M8 1l1.8 4.2L14 6l-3.2 2.9.9 4.6L8 11.2 4.3 13.5l.9-4.6L2 6l4.2-.8z"
            fill="currentColor"
          />
        </svg>
      </a>
    </div>
  )
}
