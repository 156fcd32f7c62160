import { notFound } from 'next/navigation'

import { ArtFrame, TwoColumns } from '@/components/site/books/BookArt'
import { MediaImage } from '@/components/site/MediaImage'
import { BookSignup } from '@/components/site/books/BookSignup'
import { ShareButton } from '@/components/site/books/ShareButton'
import { BackHome } from '@/components/site/content/BackHome'
import { FEATURED_BOOK_SLUG, getBook, getSiteSettings } from '@/services/content/pages'
import {
  Badge,
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  ExternalButton,
  Grid,
  Heading,
  Lead,
  Muted,
  Page,
  Section,
  Stack,
  Subheading,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/books/dune-big-ears')

export default async function DuneBigEarsPage() {
  const [book, settings] = await Promise.all([getBook(FEATURED_BOOK_SLUG), getSiteSettings()])
  if (!book) notFound()
  const storeUrl = book.storeUrl || settings.bookStoreUrl
  const series = `${book.seriesName ?? 'Starfinity Wild'} · Book ${book.seriesNumber ?? 1} of ${book.seriesTotal ?? 8}`

  return (
    <Page>
      <Section>
        <Container>
          <BackHome />
          <TwoColumns>
            <ArtFrame $max={360}>
              <MediaImage media={book.cover} sizes="(min-width: 360px) 360px, 100vw" priority />
            </ArtFrame>
            <div>
              <Eyebrow>{series}</Eyebrow>
              <Title>{book.title}</Title>
              {book.subtitle && <Subheading as="p">{book.subtitle}</Subheading>}
              {book.ageRange && (
                <p>
                  <Badge $tone="teal">Ages {book.ageRange}</Badge>
                </p>
              )}
              <Lead>{book.description}</Lead>
              <ButtonRow>
                <ExternalButton href={storeUrl}>Get Your Copy</ExternalButton>
                <ShareButton
                  title={book.title}
                  text={`${book.title}: ${book.subtitle ?? 'a Starfinity Wild story'}`}
                />
                <ButtonLink href="/books/dune-music" $variant="secondary">
                  Listen to Dune&apos;s Song
                </ButtonLink>
              </ButtonRow>
            </div>
          </TwoColumns>
        </Container>
      </Section>

      {book.story && (
        <Section $tone="panel" aria-labelledby="story">
          <Container $narrow>
            <Heading id="story">The Story</Heading>
            <Lead>{book.story}</Lead>
          </Container>
        </Section>
      )}

      {book.themes && book.themes.length > 0 && (
        <Section aria-labelledby="themes">
          <Container>
            <Centered>
              <Heading id="themes">Themes for Growing Hearts</Heading>
            </Centered>
            <Grid $min={200} as="ul" style={{ listStyle: 'none', padding: 0, marginTop: 24 }}>
              {book.themes.map((theme) => (
                <Card as="li" key={theme}>
                  <Subheading as="p">{theme}</Subheading>
                </Card>
              ))}
            </Grid>
          </Container>
        </Section>
      )}

      <Section $tone="panel" aria-labelledby="order">
        <Container $narrow>
          <Centered>
            <Heading id="order">Bring Dune Home</Heading>
            <Muted>
              {book.formats || 'Available in hardcover, paperback, and digital formats'}
            </Muted>
            <ButtonRow $center>
              <ExternalButton href={storeUrl}>Order</ExternalButton>
              <ExternalButton href={storeUrl} $variant="secondary">
                Gift
              </ExternalButton>
            </ButtonRow>
          </Centered>
        </Container>
      </Section>

      <Section aria-labelledby="join-wild">
        <Container $narrow>
          <Card>
            <Stack>
              <Centered>
                <Heading id="join-wild">Join Starfinity Wild</Heading>
                <Muted>
                  New stories, songs and five-minute nature moments for your family, straight to
                  your inbox.
                </Muted>
              </Centered>
              <BookSignup bookTitle={book.title} />
            </Stack>
          </Card>
        </Container>
      </Section>
    </Page>
  )
}
