import { ArtFrame, TwoColumns } from '@/components/site/books/BookArt'
import { MediaImage } from '@/components/site/MediaImage'
import { BackHome } from '@/components/site/content/BackHome'
import { THEME_SONG_SLUG, getSiteSettings, getSong } from '@/services/content/pages'
import { RecordsSignup } from '@/components/site/content/ProductSignups'
import {
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  ExternalButton,
  Heading,
  Lead,
  Muted,
  Page,
  Section,
  Stack,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/records')

export default async function RecordsPage() {
  const [song, settings] = await Promise.all([getSong(THEME_SONG_SLUG), getSiteSettings()])
  const streamingLinks = song?.streamingLinks?.length
    ? song.streamingLinks
    : (settings.streamingLinks ?? [])
  return (
    <Page>
      <Section>
        <Container>
          <BackHome />
          <Centered>
            <Eyebrow>Starfinity Records</Eyebrow>
            <Title>Music for Listening Hearts</Title>
            <Lead>
              Our label exists to carry the messages of our stories beyond the page: songs that
              children sing on the way to school and parents hum long after bedtime, made to calm,
              connect and remind us to listen.
            </Lead>
          </Centered>
        </Container>
      </Section>

      {song && (
        <Section $tone="panel" aria-labelledby="featured-album">
          <Container>
            <TwoColumns>
              <ArtFrame $max={340}>
                <MediaImage
                  media={song.albumCover}
                  sizes="(min-width: 340px) 340px, 100vw"
                  priority
                />
              </ArtFrame>
              <Stack>
                <Eyebrow>Featured Album</Eyebrow>
                <Heading id="featured-album">{song.title}</Heading>
                {song.description && <Muted>{song.description}</Muted>}
                <nav aria-label="Streaming services">
                  <ButtonRow>
                    {streamingLinks.map((link) => (
                      <ExternalButton key={link.service} href={link.url} $variant="secondary">
                        {link.service}
                      </ExternalButton>
                    ))}
                  </ButtonRow>
                </nav>
                <ButtonRow>
                  <ButtonLink href="/books/dune-music">Lyrics and Video</ButtonLink>
                  <ButtonLink href="/books/dune-big-ears" $variant="secondary">
                    Read the Book
                  </ButtonLink>
                </ButtonRow>
              </Stack>
            </TwoColumns>
          </Container>
        </Section>
      )}

      <Section aria-labelledby="records-news">
        <Container $narrow>
          <Card>
            <Stack>
              <Centered>
                <Heading id="records-news">Music Updates</Heading>
                <Muted>New songs, behind-the-scenes stories and early listens.</Muted>
              </Centered>
              <RecordsSignup />
            </Stack>
          </Card>
        </Container>
      </Section>
    </Page>
  )
}
