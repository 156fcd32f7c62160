import Link from '../Link'

import { Container, ExternalLink } from '../ui'
import { FooterContact } from './FooterContact'
import styles from './SiteFooter.module.css'

export type FooterLinks = { tagline: string; linkHubUrl: string; shopUrl: string }

const ECOSYSTEM = [
  { href: '/earth-app', label: 'Earth App' },
  { href: '/publishing', label: 'Publishing' },
  { href: '/records', label: 'Records' },
  { href: '/universe', label: 'Universe' },
  { href: '/community', label: 'Community' },
]
const SOCIAL = ['Twitter/X', 'Instagram', 'YouTube', 'Substack']
const SHOP = [
  { path: '', label: 'Shop Home' },
  { path: '/collections/new-arrivals', label: 'New Arrivals' },
  { path: '/collections', label: 'Collections' },
  { path: '/products/gift-card', label: 'Gift Cards' },
]

/**
 * Four link groups, the tagline and the copyright line as server HTML, and the contact modal
 * (spec §2), the one part that changes in the browser.
 */
export function SiteFooter({ tagline, linkHubUrl, shopUrl }: FooterLinks) {
  return (
    <footer className={styles.footer}>
      <Container>
        <div className={styles.groups}>
          <nav className={styles.group} aria-label="Ecosystem">
            <h2>Ecosystem</h2>
            <ul>
              {ECOSYSTEM.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav className={styles.group} aria-label="Connect">
            <h2>Connect</h2>
            <ul>
              {SOCIAL.map((label) => (
                <li key={label}>
                  <ExternalLink href={linkHubUrl}>{label}</ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav className={styles.group} aria-label="Shop">
            <h2>Shop</h2>
            <ul>
              {SHOP.map((link) => (
                <li key={link.label}>
                  <ExternalLink href={`${shopUrl.replace(/\/$/, '')}${link.path}`}>
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav className={styles.group} aria-label="Support">
            <h2>Support</h2>
            <ul>
              <li>
                <FooterContact />
              </li>
              <li>
                <Link href="/privacy">Privacy</Link>
              </li>
              <li>
                <Link href="/terms">Terms</Link>
              </li>
              <li>
                <Link href="/faq">FAQ</Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className={styles.bottom}>
          <p>
            <strong>✦ Starfinity</strong> — {tagline}
          </p>
          <p>© 2025 Starfinity. All rights reserved.</p>
        </div>
      </Container>
    </footer>
  )
}
