import { notFound } from 'next/navigation'

import { ArtFrame, TwoColumns } from '@/components/site/books/BookArt'
import { MediaImage } from '@/components/site/MediaImage'
import { Lyrics } from '@/components/site/books/Lyrics'
import { VideoFacade } from '@/components/site/books/VideoFacade'
import { BackHome } from '@/components/site/content/BackHome'
import { THEME_SONG_SLUG, getSiteSettings, getSong } from '@/services/content/pages'
import {
  ButtonLink,
  ButtonRow,
  Centered,
  Container,
  Eyebrow,
  ExternalButton,
  Heading,
  Lead,
  Page,
  Section,
  Stack,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/books/dune-music')

export default async function DuneMusicPage() {
  const [song, settings] = await Promise.all([getSong(THEME_SONG_SLUG), getSiteSettings()])
  if (!song) notFound()
  const streamingLinks = song.streamingLinks?.length
    ? song.streamingLinks
    : (settings.streamingLinks ?? [])

  return (
    <Page>
      <Section>
        <Container>
          <BackHome />
          <Centered>
            <Eyebrow>{song.artist ?? 'Starfinity Records'} · Theme Song</Eyebrow>
            <Title>{song.title}</Title>
            {song.description && <Lead>{song.description}</Lead>}
          </Centered>
        </Container>
      </Section>

      <Section aria-labelledby="watch">
        <Container>
          <TwoColumns>
            <ArtFrame $max={380}>
              <MediaImage
                media={song.albumCover}
                sizes="(min-width: 380px) 380px, 100vw"
                priority
              />
            </ArtFrame>
            <Stack>
              <Heading id="watch">Watch and Sing Along</Heading>
              {song.videoUrl && (
                <VideoFacade videoUrl={song.videoUrl} title={song.title} poster={song.albumCover} />
              )}
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
                <ButtonLink href="/books/dune-big-ears">Read Dune&apos;s Story</ButtonLink>
                {song.albumUrl && (
                  <ExternalButton href={song.albumUrl} $variant="secondary">
                    Save This Song
                  </ExternalButton>
                )}
              </ButtonRow>
            </Stack>
          </TwoColumns>
        </Container>
      </Section>

      <Section $tone="panel" aria-labelledby="lyrics">
        <Container $narrow>
          <Heading id="lyrics">Lyrics</Heading>
          <Lyrics parts={(song.lyrics ?? []).map(({ section, text }) => ({ section, text }))} />
          <ButtonRow $center>
            <ButtonLink href="/books/dune-big-ears" $variant="ghost">
              ← Back to Dune and the Big Ears
            </ButtonLink>
          </ButtonRow>
        </Container>
      </Section>
    </Page>
  )
}
