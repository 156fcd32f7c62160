'use client'

import Link from 'next/link'
import { usePathname, useRouter } from 'next/navigation'
import { useState } from 'react'
import styled from 'styled-components'

import { trackAnalytics } from '@/components/site/tracking/tracker'

import { HEADER_HEIGHT, colors, media } from '../theme'
import { ButtonLink } from '../ui'
import { HOME_SECTIONS, scrollToSection } from './section-links'

/**
 * Logo, section links (scroll on the home page, /#section elsewhere), Join Waitlist, and a
 * collapsible menu on small screens that closes after any navigation.
 */
export function SiteHeader() {
  const pathname = usePathname()
  const router = useRouter()
  // The menu is open for the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const isOpen = openOn === pathname
  const setOpen = (open: boolean) => setOpenOn(open ? pathname : null)

  const goToSection = (id: string) => {
    setOpen(false)
    trackAnalytics({ action: 'navigate', category: 'navigation', label: id })
    if (!scrollToSection(id)) router.push(`/#${id}`)
    else history.replaceState(null, '', `#${id}`)
  }

  return (
    <Bar>
      <Inner>
        <Logo href="/" onClick={() => setOpen(false)} aria-label="Starfinity home">
          <span aria-hidden="true">✦</span> Starfinity
        </Logo>
        <Toggle
          type="button"
          aria-expanded={isOpen}
          aria-controls="site-menu"
          aria-label={isOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen(!isOpen)}
        >
          <span aria-hidden="true">{isOpen ? '✕' : '☰'}</span>
        </Toggle>
        <Menu id="site-menu" data-open={isOpen} aria-label="Main">
          {HOME_SECTIONS.map((section) => (
            <NavButton key={section.id} type="button" onClick={() => goToSection(section.id)}>
              {section.label}
            </NavButton>
          ))}
          <ButtonLink href="/waitlist" onClick={() => setOpen(false)}>
            Join Waitlist
          </ButtonLink>
        </Menu>
      </Inner>
    </Bar>
  )
}

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 50;
  height: ${HEADER_HEIGHT}px;
  background: rgba(7, 6, 26, 0.82);
  backdrop-filter: blur(12px);
  border-bottom: 1px solid ${colors.border};
  /* With the small-screen menu open, nothing of the page shows through the bar or the menu. */
  &:has(nav[data-open='true']) {
    background: ${colors.night};
  }
`

const Inner = styled.div`
  height: 100%;
  max-width: 1160px;
  margin: 0 auto;
  padding: 0 20px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
`

const Logo = styled(Link)`
  color: ${colors.text};
  text-decoration: none;
  font-family: 'Georgia', serif;
  font-size: 1.35rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  span {
    color: ${colors.gold};
  }
`

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 12px;
  border: 1px solid ${colors.border};
  background: ${colors.panel};
  color: ${colors.text};
  font-size: 1.2rem;
  cursor: pointer;
  ${media.md} {
    display: none;
  }
`

const Menu = styled.nav`
  display: none;
  &[data-open='true'] {
    position: absolute;
    top: ${HEADER_HEIGHT}px;
    left: 0;
    right: 0;
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: 4px;
    padding: 12px 20px 20px;
    background: ${colors.night};
    box-shadow: 0 16px 32px rgba(0, 0, 0, 0.5);
    border-bottom: 1px solid ${colors.border};
  }
  ${media.md} {
    &,
    &[data-open='true'] {
      position: static;
      display: flex;
      flex-direction: row;
      align-items: center;
      gap: 6px;
      padding: 0;
      background: none;
      border: 0;
    }
  }
`

const NavButton = styled.button`
  min-height: 44px;
  padding: 8px 14px;
  border: 0;
  border-radius: 10px;
  background: transparent;
  color: ${colors.text};
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${colors.panel};
  }
`
