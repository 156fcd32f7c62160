'use client'

import { usePathname, useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'

import { trackAnalytics } from '@/components/site/tracking/tracker'

import { ButtonLink } from '../ui'
import { HOME_SECTIONS, scrollToSection } from './section-links'
import styles from './SiteHeader.module.css'

/** The toggle's two icons, three bars and a cross, as lines on a 20 × 20 grid. */
const MENU_ICON = 'M3 5h14M3 10h14M3 15h14'
const CLOSE_ICON = 'M5 5l10 10M15 5L5 15'

/**
 * The menu toggle and the section links. Any navigation closes the open menu, and so does a click
 * on a link or anywhere outside the menu (the logo, server HTML, included).
 */
export function HeaderMenu() {
  const pathname = usePathname()
  const router = useRouter()
  // The menu is open for the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const isOpen = openOn === pathname
  const setOpen = (open: boolean) => setOpenOn(open ? pathname : null)

  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!isOpen) return
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element
      if (toggle.current?.contains(target)) return
      if (target.closest('a') || !target.closest('#site-menu')) setOpenOn(null)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [isOpen])

  const goToSection = (id: string) => {
    setOpen(false)
    trackAnalytics({ action: 'navigate', category: 'navigation', label: id })
    if (!scrollToSection(id)) router.push(`/#${id}`)
    else history.replaceState(null, '', `#${id}`)
  }

  return (
    <>
      <button
        ref={toggle}
        className={styles.toggle}
        type="button"
        aria-expanded={isOpen}
        aria-controls="site-menu"
        aria-label={isOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen(!isOpen)}
      >
        <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d={isOpen ? CLOSE_ICON : MENU_ICON} />
        </svg>
      </button>
      <nav className={styles.menu} id="site-menu" data-open={isOpen} aria-label="Main">
        {HOME_SECTIONS.map((section) => (
          <button
            className={styles.navButton}
            key={section.id}
            type="button"
            onClick={() => goToSection(section.id)}
          >
            {section.label}
          </button>
        ))}
        <ButtonLink href="/waitlist">Join Waitlist</ButtonLink>
      </nav>
    </>
  )
}
