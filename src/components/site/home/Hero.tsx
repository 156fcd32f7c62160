import { SectionButton } from '../layout/SectionButton'
import { ButtonLink, ButtonRow, Card, Container, Eyebrow, Lead, Subheading, Title } from '../ui'
import styles from './Hero.module.css'
import { HeroSignup } from './HeroSignup'

/**
 * Headline, tagline, the two calls to action and the email signup card (spec §2): server HTML, with
 * the scroll button and the signup form as the client parts.
 */
export function Hero({ tagline }: { tagline: string }) {
  return (
    <section className={styles.wrap} aria-labelledby="hero-heading">
      <Container>
        <div className={styles.columns}>
          <div>
            <Eyebrow>Books · Music · Earth App · Universe · Community</Eyebrow>
            <Title id="hero-heading">Starfinity</Title>
            <p className={styles.tagline}>{tagline}</p>
            <Lead>
              Stories, songs and tools that help families slow down, listen with their hearts and
              grow up connected to nature, to each other and to themselves.
            </Lead>
            <ButtonRow>
              <ButtonLink href="/waitlist">Join Earth App Waitlist</ButtonLink>
              <SectionButton section="ecosystem" $variant="secondary">
                Explore Ecosystem
              </SectionButton>
            </ButtonRow>
          </div>
          <Card $accent="rgba(245, 198, 107, 0.4)">
            <Subheading as="h2">Join the Universe</Subheading>
            <p className={styles.small}>
              New stories, songs and early access to the Earth App, delivered with care. No spam,
              ever.
            </p>
            <HeroSignup />
          </Card>
        </div>
      </Container>
    </section>
  )
}
