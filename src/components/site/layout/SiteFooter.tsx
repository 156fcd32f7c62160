'use client'

import dynamic from 'next/dynamic'
import Link from 'next/link'
import { useState } from 'react'
import styled from 'styled-components'

import { Modal } from '../Modal'
import { colors } from '../theme'
import { Container, ExternalLink, Muted } from '../ui'

/**
 * The contact form (react-hook-form and zod) loads when the modal first opens, so pages without a
 * form of their own do not carry it.
 */
const ContactForm = dynamic(() => import('../forms/ContactForm').then((m) => m.ContactForm), {
  loading: () => <Muted>Loading the form...</Muted>,
})

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

/** Four link groups, the tagline, the copyright line and the contact modal (spec §2). */
export function SiteFooter({ tagline, linkHubUrl, shopUrl }: FooterLinks) {
  const [isContactOpen, setContactOpen] = useState(false)
  return (
    <Footer>
      <Container>
        <Groups>
          <Group aria-label="Ecosystem">
            <h2>Ecosystem</h2>
            <ul>
              {ECOSYSTEM.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </Group>
          <Group aria-label="Connect">
            <h2>Connect</h2>
            <ul>
              {SOCIAL.map((label) => (
                <li key={label}>
                  <ExternalLink href={linkHubUrl}>{label}</ExternalLink>
                </li>
              ))}
            </ul>
          </Group>
          <Group aria-label="Shop">
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
          </Group>
          <Group aria-label="Support">
            <h2>Support</h2>
            <ul>
              <li>
                <LinkButton type="button" onClick={() => setContactOpen(true)}>
                  Contact
                </LinkButton>
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
          </Group>
        </Groups>
        <Bottom>
          <p>
            <strong>✦ Starfinity</strong> — {tagline}
          </p>
          <p>© 2025 Starfinity. All rights reserved.</p>
        </Bottom>
      </Container>
      <Modal isOpen={isContactOpen} onClose={() => setContactOpen(false)} label="Contact us">
        <h2>Contact Us</h2>
        {isContactOpen && (
          <ContactForm
            success={{
              title: 'Message sent successfully',
              description: "Thank you for reaching out. We'll get back to you soon.",
            }}
            failure={{ title: 'Failed to send message', description: 'Please try again later.' }}
            onSuccess={() => setContactOpen(false)}
            onCancel={() => setContactOpen(false)}
          />
        )}
      </Modal>
    </Footer>
  )
}

const Footer = styled.footer`
  margin-top: 40px;
  padding: 56px 0 28px;
  border-top: 1px solid ${colors.border};
  background: rgba(3, 2, 12, 0.55);
`

const Groups = styled.div`
  display: grid;
  gap: 28px;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
`

const Group = styled.nav`
  h2 {
    font-family: inherit;
    font-size: 0.85rem;
    letter-spacing: 0.12em;
    text-transform: uppercase;
    color: ${colors.teal};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    margin: 6px 0;
  }
  a {
    color: ${colors.muted};
    text-decoration: none;
    display: inline-block;
    padding: 6px 0;
  }
  a:hover {
    color: ${colors.text};
  }
`

const LinkButton = styled.button`
  padding: 6px 0;
  border: 0;
  background: none;
  color: ${colors.muted};
  cursor: pointer;
  &:hover {
    color: ${colors.text};
  }
`

const Bottom = styled.div`
  margin-top: 36px;
  padding-top: 20px;
  border-top: 1px solid ${colors.border};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  color: ${colors.muted};
  font-size: 0.9rem;
  p {
    margin: 0;
  }
`
