import { ArtFrame, TwoColumns } from '@/components/site/books/BookArt'
import { MediaImage } from '@/components/site/MediaImage'
import { BackHome } from '@/components/site/content/BackHome'
import { CardGrid } from '@/components/site/content/CardGrid'
import { FEATURED_BOOK_SLUG, getBook } from '@/services/content/pages'
import { PublishingSignup } from '@/components/site/content/ProductSignups'
import {
  Badge,
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  Heading,
  Lead,
  Muted,
  Page,
  Section,
  Stack,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/publishing')

const COLLECTIONS = [
  {
    icon: '☘',
    title: 'Starfinity Wild',
    ages: 'Ages 3-8',
    text: 'Picture books with animal guides from real habitats and big feelings in small words.',
  },
  {
    icon: '✎',
    title: 'Starfinity Kids',
    ages: 'Ages 8-12',
    text: 'Chapter books about friendship, curiosity and the first big questions.',
  },
  {
    icon: '☄',
    title: 'Starfinity Sci-Fi',
    ages: 'Ages 12-18',
    text: 'Novels about the future, technology and what it means to stay human.',
  },
  {
    icon: '❦',
    title: 'Starfinity Saga',
    ages: 'Adult',
    text: 'The full universe, for the grown-ups who started it all.',
  },
]

export default async function PublishingPage() {
  const book = await getBook(FEATURED_BOOK_SLUG)
  return (
    <Page>
      <Section>
        <Container>
          <BackHome />
          <Centered>
            <Eyebrow>Starfinity Publishing</Eyebrow>
            <Title>Stories That Grow With You</Title>
            <Lead>
              Four collections, one universe: from a first picture book at bedtime to an epic saga
              for adults, every Starfinity story invites readers to listen, wonder and care.
            </Lead>
            <ButtonRow $center>
              <ButtonLink href="/universe">Explore the Universe</ButtonLink>
              <ButtonLink href="/waitlist?product=publishing" $variant="secondary">
                Join the Publishing Waitlist
              </ButtonLink>
            </ButtonRow>
          </Centered>
        </Container>
      </Section>

      <Section $tone="panel" aria-labelledby="collections">
        <Container>
          <Centered>
            <Heading id="collections">Four Collections</Heading>
          </Centered>
          <CardGrid
            min={230}
            style={{ marginTop: 28 }}
            cards={COLLECTIONS.map(({ ages, ...collection }) => ({
              ...collection,
              children: (
                <p style={{ marginTop: 12 }}>
                  <Badge $tone="teal">{ages}</Badge>
                </p>
              ),
            }))}
          />
        </Container>
      </Section>

      {book && (
        <Section aria-labelledby="featured-book">
          <Container>
            <TwoColumns>
              <ArtFrame $max={300}>
                <MediaImage media={book.cover} sizes="(min-width: 300px) 300px, 100vw" />
              </ArtFrame>
              <Stack>
                <Eyebrow>
                  Featured Book · Book {book.seriesNumber ?? 1} of {book.seriesTotal ?? 8}
                </Eyebrow>
                <Heading id="featured-book">{book.title}</Heading>
                <Muted>{book.description}</Muted>
                <ButtonRow>
                  <ButtonLink href="/books/dune-big-ears">Discover the Book</ButtonLink>
                  <ButtonLink href="/books/dune-music" $variant="secondary">
                    Listen to the Theme Song
                  </ButtonLink>
                </ButtonRow>
              </Stack>
            </TwoColumns>
          </Container>
        </Section>
      )}

      <Section $tone="panel" aria-labelledby="publishing-news">
        <Container $narrow>
          <Card>
            <Stack>
              <Centered>
                <Heading id="publishing-news">New Books, First</Heading>
                <Muted>Release news, sneak peeks and reading ideas for your family.</Muted>
              </Centered>
              <PublishingSignup />
            </Stack>
          </Card>
        </Container>
      </Section>
    </Page>
  )
}
