import { ButtonLink, ButtonRow, Container, Eyebrow, Heading, Lead, Muted, Section } from '../ui'
import styles from './AboutFounder.module.css'

/** The founder section with buttons to /about and /contact (spec §2). */
export function AboutFounder() {
  return (
    <Section id="about" aria-labelledby="about-heading">
      <Container>
        <div className={styles.columns}>
          {/* Below the first screen: fetched as it comes near, not ahead of the page's scripts. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- a local SVG with fixed size */}
          <img
            src="/images/home/founder.svg"
            width={320}
            height={320}
            loading="lazy"
            decoding="async"
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
        </div>
      </Container>
    </Section>
  )
}
