import { AboutGallery } from '@/components/site/about/AboutGallery'
import { AdminAccessLink } from '@/components/site/about/AdminAccessLink'
import { CardGrid } from '@/components/site/content/CardGrid'
import { FOUNDER_NAME } from '@/lib/constants'
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
import { getAboutGallery } from '@/services/content/pages'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/about')

const PHILOSOPHY = [
  {
    title: 'Listen Deeply',
    text: 'Like a fennec fox with its big ears, we begin every creation by listening: to children, to nature, to ourselves.',
  },
  {
    title: 'Nature as Teacher',
    text: 'Forests, deserts and wetlands hold the oldest stories. Our characters carry their wisdom home.',
  },
  {
    title: 'Technology that Serves',
    text: 'Apps and tools should bring families together and back outside, never keep them on screens.',
  },
  {
    title: 'Create Together',
    text: 'Every book, song and feature grows with the community that shapes it.',
  },
]

export default async function AboutPage() {
  const gallery = await getAboutGallery()
  return (
    <Page>
      <Section>
        <Container>
          <Centered>
            <Eyebrow>The Creator</Eyebrow>
            <Title>Meet {FOUNDER_NAME}</Title>
            <Lead>
              Author, songwriter and founder of Starfinity, creating stories, music and tools that
              help families grow kinder, braver and closer to nature.
            </Lead>
          </Centered>
        </Container>
      </Section>
      <Section $tone="panel" aria-labelledby="story">
        <Container $narrow>
          <Heading id="story">The Story So Far</Heading>
          <Muted>
            {FOUNDER_NAME} spent years between classrooms, recording studios and long walks in the
            desert. A fennec fox she watched at dusk, ears turned to every sound, became Dune, the
            first of five animal guides, and the beginning of an eight-book series for children aged
            3-8.
          </Muted>
          <Muted>
            Today Starfinity brings together publishing, a record label, a companion app and a story
            universe for every age, all guided by one belief: the future is human.
          </Muted>
        </Container>
      </Section>
      {gallery.length > 0 && (
        <Section aria-labelledby="gallery">
          <Container>
            <Heading id="gallery">Gallery</Heading>
            <AboutGallery pictures={gallery} />
          </Container>
        </Section>
      )}
      <Section $tone="panel" aria-labelledby="philosophy">
        <Container>
          <Heading id="philosophy">Philosophy</Heading>
          <CardGrid min={220} cards={PHILOSOPHY} />
          <ButtonRow $center>
            <ButtonLink href="/universe">Explore the Universe</ButtonLink>
            <ButtonLink href="/parent-connect" $variant="secondary">
              Parent Connect
            </ButtonLink>
          </ButtonRow>
          <AdminAccessLink />
        </Container>
      </Section>
    </Page>
  )
}
