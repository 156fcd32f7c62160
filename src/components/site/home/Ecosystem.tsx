import { colors } from '../theme'
import {
  Badge,
  ButtonLink,
  ButtonRow,
  Card,
  Container,
  Eyebrow,
  ExternalButton,
  Grid,
  Heading,
  Lead,
  Muted,
  Section,
  Subheading,
} from '../ui'
import styles from './Ecosystem.module.css'

export type EcosystemLinks = { bookStoreUrl: string; musicStoreUrl: string }

/** The five ecosystem cards of spec §2, Earth App featured. */
export function Ecosystem({ bookStoreUrl, musicStoreUrl }: EcosystemLinks) {
  return (
    <Section id="ecosystem" aria-labelledby="ecosystem-heading" $tone="panel">
      <Container>
        <Eyebrow>The Ecosystem</Eyebrow>
        <Heading id="ecosystem-heading">One Universe, Five Ways In</Heading>
        <Lead>
          Every part of Starfinity carries the same heart: stories and tools that make the future
          more human.
        </Lead>
        <Card className={styles.featured} $accent={colors.gold} aria-labelledby="eco-earth-app">
          <Badge>Featured</Badge>
          <Subheading id="eco-earth-app">Earth App</Subheading>
          <Muted>
            A gentle companion for conscious families: nature moments, mindful routines and stories
            that grow with your child. Be among the first to try it.
          </Muted>
          <ButtonRow>
            <ButtonLink href="/waitlist?product=earth-app">Join the Earth App Waitlist</ButtonLink>
            <ButtonLink
              href="/earth-app"
              $variant="secondary"
              aria-label="Learn More about the Earth App"
            >
              Learn More
            </ButtonLink>
          </ButtonRow>
        </Card>
        <Grid $min={240}>
          <Card aria-labelledby="eco-publishing">
            <Subheading id="eco-publishing">Publishing</Subheading>
            <Muted>
              Picture books and stories for every age, starting with Dune and the Big Ears.
            </Muted>
            <ButtonRow>
              <ExternalButton href={bookStoreUrl}>Shop Books</ExternalButton>
              <ButtonLink
                href="/publishing"
                $variant="secondary"
                aria-label="Learn More about Publishing"
              >
                Learn More
              </ButtonLink>
            </ButtonRow>
          </Card>
          <Card aria-labelledby="eco-records">
            <Subheading id="eco-records">Records</Subheading>
            <Muted>
              Songs that heal and connect, from lullabies to anthems for the whole family.
            </Muted>
            <ButtonRow>
              <ExternalButton href={musicStoreUrl}>Listen Now</ExternalButton>
              <ButtonLink
                href="/records"
                $variant="secondary"
                aria-label="Learn More about Records"
              >
                Learn More
              </ButtonLink>
            </ButtonRow>
          </Card>
          <Card aria-labelledby="eco-universe">
            <Subheading id="eco-universe">Universe</Subheading>
            <Muted>Four story worlds and five animal guides who teach wisdom through wonder.</Muted>
            <ButtonRow>
              <ButtonLink href="/universe">Explore Universe</ButtonLink>
              <ButtonLink href="/characters" $variant="secondary">
                Meet the Characters
              </ButtonLink>
            </ButtonRow>
          </Card>
          <Card aria-labelledby="eco-community">
            <Subheading id="eco-community">Community</Subheading>
            <Muted>Parents, readers and dreamers growing a kinder future together.</Muted>
            <ButtonRow>
              <ButtonLink href="/community">Join Community</ButtonLink>
            </ButtonRow>
          </Card>
        </Grid>
      </Container>
    </Section>
  )
}
