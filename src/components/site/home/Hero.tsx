'use client'

import styled from 'styled-components'

import { scrollToSection } from '../layout/section-links'
import { colors, media } from '../theme'
import {
  Button,
  ButtonLink,
  ButtonRow,
  Card,
  Container,
  Eyebrow,
  Lead,
  Subheading,
  Title,
} from '../ui'
import { HeroSignup } from './HeroSignup'

/** Headline, tagline, the two calls to action and the email signup card (spec §2). */
export function Hero({ tagline }: { tagline: string }) {
  return (
    <Wrap aria-labelledby="hero-heading">
      <Container>
        <Columns>
          <div>
            <Eyebrow>Books · Music · Earth App · Universe · Community</Eyebrow>
            <Title id="hero-heading">Starfinity</Title>
            <Tagline>{tagline}</Tagline>
            <Lead>
              Stories, songs and tools that help families slow down, listen with their hearts and
              grow up connected to nature, to each other and to themselves.
            </Lead>
            <ButtonRow>
              <ButtonLink href="/waitlist">Join Earth App Waitlist</ButtonLink>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => scrollToSection('ecosystem')}
              >
                Explore Ecosystem
              </Button>
            </ButtonRow>
          </div>
          <Card $accent="rgba(245, 198, 107, 0.4)">
            <Subheading>Join the Universe</Subheading>
            <Small>
              New stories, songs and early access to the Earth App, delivered with care. No spam,
              ever.
            </Small>
            <HeroSignup />
          </Card>
        </Columns>
      </Container>
    </Wrap>
  )
}

const Wrap = styled.section`
  position: relative;
  padding: 56px 0 48px;
  ${media.md} {
    padding: 104px 0 88px;
  }
`

const Columns = styled.div`
  display: grid;
  gap: 32px;
  align-items: center;
  ${media.md} {
    grid-template-columns: 1.4fr 1fr;
    gap: 48px;
  }
`

const Tagline = styled.p`
  margin: 0 0 1rem;
  font-size: clamp(1.3rem, 3.4vw, 1.9rem);
  color: ${colors.gold};
  font-style: italic;
`

const Small = styled.p`
  color: ${colors.muted};
  font-size: 0.95rem;
`
