'use client'

import styled from 'styled-components'

import { media } from '../theme'
import { ButtonLink, ButtonRow, Container, Eyebrow, Heading, Lead, Muted, Section } from '../ui'

/** The founder section with buttons to /about and /contact (spec §2). */
export function AboutFounder() {
  return (
    <Section id="about" aria-labelledby="about-heading">
      <Container>
        <Columns>
          {/* eslint-disable-next-line @next/next/no-img-element -- a local SVG with fixed size */}
          <img
            src="/images/home/founder.svg"
            width={320}
            height={320}
            alt="Portrait illustration of Elena Starling"
          />
          <div>
            <Eyebrow>About the Founder</Eyebrow>
            <Heading id="about-heading">Meet Elena Starling</Heading>
            <Lead>
              A storyteller, songwriter and parent who believes the future is built at bedtime, one
              story at a time.
            </Lead>
            <Muted>
              Elena founded Starfinity to bring together books, music, technology and community
              around one simple idea: that wonder, kindness and a deep connection with nature are
              the most human things we can pass on.
            </Muted>
            <ButtonRow>
              <ButtonLink href="/about">Read Elena&apos;s Story</ButtonLink>
              <ButtonLink href="/contact" $variant="secondary">
                Get in Touch
              </ButtonLink>
            </ButtonRow>
          </div>
        </Columns>
      </Container>
    </Section>
  )
}

const Columns = styled.div`
  display: grid;
  gap: 32px;
  align-items: center;
  img {
    width: min(100%, 320px);
    margin: 0 auto;
    border-radius: 50%;
  }
  ${media.md} {
    grid-template-columns: 320px 1fr;
    gap: 56px;
  }
`
