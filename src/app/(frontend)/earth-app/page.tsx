import { BackHome } from '@/components/site/content/BackHome'
import { CardGrid } from '@/components/site/content/CardGrid'
import {
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  Heading,
  Lead,
  List,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/earth-app')

const FEATURES = [
  {
    icon: '☘',
    title: 'Daily Nature Moments',
    text: 'Five-minute invitations to step outside, notice something new and talk about it together.',
  },
  {
    icon: '♥\uFE0E',
    title: 'Gratitude Rituals',
    text: 'A gentle evening check-in where every family member names one thing they are thankful for.',
  },
  {
    icon: '✦',
    title: 'Stories with the Guides',
    text: 'Dune, Phoebe, Chirpy, Fern and Crystal lead short listening games and calming breaths.',
  },
  {
    icon: '☾',
    title: 'Calm Bedtimes',
    text: 'Songs from Starfinity Records and quiet reflections that help busy minds settle.',
  },
  {
    icon: '✿',
    title: 'Growth Journeys',
    text: 'Weekly themes such as courage, kindness and change, growing with your child from age 3 up.',
  },
  {
    icon: '✓',
    title: 'Private by Design',
    text: 'No ads, no endless feeds and no selling of data: time in the app leads back to time together.',
  },
]

const CREED = [
  'Technology should bring us closer to each other and to the living world.',
  'Every child deserves to be listened to with the heart.',
  'Small daily moments matter more than grand gestures.',
  'Wonder, kindness and curiosity are skills we can practise together.',
]

export default function EarthAppPage() {
  return (
    <Page>
      <Section>
        <Container>
          <BackHome />
          <Centered>
            <Eyebrow>Starfinity Earth App · In development</Eyebrow>
            <Title>A Companion for Conscious Families</Title>
            <Lead>
              The Earth App turns the values of our stories into small daily rituals: a few minutes
              of reflection, gratitude and time outdoors that bring your family closer.
            </Lead>
            <ButtonRow $center>
              <ButtonLink href="/waitlist?product=earth-app">
                Join the Earth App Waitlist
              </ButtonLink>
              <ButtonLink href="/about" $variant="secondary">
                Meet the Founder
              </ButtonLink>
            </ButtonRow>
          </Centered>
        </Container>
      </Section>
      <Section $tone="panel" aria-labelledby="features">
        <Container>
          <Centered>
            <Heading id="features">What the App Will Do</Heading>
          </Centered>
          <CardGrid style={{ marginTop: 28 }} cards={FEATURES} />
        </Container>
      </Section>
      <Section aria-labelledby="creed">
        <Container $narrow>
          <Card>
            <Heading id="creed">Our Creed</Heading>
            <List>
              {CREED.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </List>
            <Lead style={{ marginTop: 20 }}>Where the Future is Human.</Lead>
          </Card>
          <ButtonRow $center>
            <ButtonLink href="/waitlist?product=earth-app">Join the Earth App Waitlist</ButtonLink>
            <ButtonLink href="/about" $variant="secondary">
              Meet the Founder
            </ButtonLink>
          </ButtonRow>
        </Container>
      </Section>
    </Page>
  )
}
