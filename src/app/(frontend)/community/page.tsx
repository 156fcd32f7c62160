import { CommunitySignup } from '@/components/site/community/CommunitySignup'
import { CardGrid } from '@/components/site/content/CardGrid'
import {
  ButtonLink,
  ButtonRow,
  Centered,
  Container,
  Eyebrow,
  Heading,
  Lead,
  Muted,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/community')

const BENEFITS = [
  {
    title: 'Stories first',
    text: 'Early chapters, character sketches and behind-the-scenes notes from every story line.',
  },
  {
    title: 'Gatherings',
    text: 'Read-alongs, listening circles and nature days, online and near you.',
  },
  {
    title: 'Co-creation',
    text: 'Vote on new characters, share ideas and help shape what we build next.',
  },
  {
    title: 'Weekly insight',
    text: 'One short letter a week on consciousness, creativity and family life. Never spam.',
  },
]

export default function CommunityPage() {
  return (
    <Page>
      <Section>
        <Container>
          <Centered>
            <Eyebrow>Community</Eyebrow>
            <Title>Welcome to the Starfinity Community</Title>
            <Lead>
              A home for families, readers, listeners and creators who believe the future is human:
              kind, curious and connected to nature.
            </Lead>
          </Centered>
        </Container>
      </Section>
      <Section $tone="panel" aria-labelledby="vision">
        <Container $narrow>
          <Heading id="vision">Our Vision</Heading>
          <Muted>
            We imagine a world where technology serves connection instead of replacing it, where
            children grow up with stories that honour the earth, and where every member adds a verse
            to a shared story. This community is where that world begins: small circles of people
            who listen deeply and create together.
          </Muted>
        </Container>
      </Section>
      <Section aria-labelledby="benefits">
        <Container>
          <Heading id="benefits">What You&apos;ll Receive</Heading>
          <CardGrid min={220} cards={BENEFITS} />
        </Container>
      </Section>
      <Section $tone="panel" aria-labelledby="join">
        <Container $narrow>
          <Centered>
            <Heading id="join">Join the Community</Heading>
            <Lead>Tell us your first name and where to write.</Lead>
          </Centered>
          <CommunitySignup />
          <ButtonRow $center>
            <ButtonLink href="/#ecosystem" scroll={false} $variant="secondary">
              Explore the Full Ecosystem
            </ButtonLink>
          </ButtonRow>
        </Container>
      </Section>
    </Page>
  )
}
