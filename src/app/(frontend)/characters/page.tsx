import { CharacterCard } from '@/components/site/characters/CharacterCard'
import { CharacterStoriesSignup } from '@/components/site/characters/CharacterStoriesSignup'
import { BackHome } from '@/components/site/content/BackHome'
import { getCharacters } from '@/services/content/pages'
import { previewReader } from '@/services/content/draft'
import { LiveCharacterList } from '@/components/site/live-preview/LiveCharacterList'
import {
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  Heading,
  Lead,
  Page,
  Section,
  Stack,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/characters')

export default async function CharactersPage() {
  const characters = await getCharacters()
  // In an editor's preview the edited guide follows the form (decision 0120).
  const isPreview = Boolean(await previewReader())
  return (
    <Page>
      <Section>
        <Container>
          <BackHome />
          <Centered>
            <Eyebrow>Starfinity Wild</Eyebrow>
            <Title>Meet the Animal Guides</Title>
            <Lead>
              Five friends from five real corners of our planet. Each one has a worry, a wobble and
              a gift, and each one carries a little wisdom for the journey of growing up.
            </Lead>
          </Centered>
        </Container>
      </Section>
      <Section aria-label="The five guides">
        <Container>
          <Stack $gap={28}>
            {isPreview ? (
              <LiveCharacterList characters={characters} />
            ) : (
              characters.map((character, index) => (
                <CharacterCard key={character.id} character={character} priority={index === 0} />
              ))
            )}
          </Stack>
        </Container>
      </Section>
      <Section $tone="panel" aria-labelledby="character-stories">
        <Container $narrow>
          <Card>
            <Centered>
              <Heading id="character-stories">Stories from the Guides</Heading>
              <Lead>
                Be the first to hear when Phoebe, Chirpy, Fern and Crystal get their own books,
                songs and adventures.
              </Lead>
            </Centered>
            <CharacterStoriesSignup />
          </Card>
          <ButtonRow $center>
            <ButtonLink href="/books/dune-big-ears">Start with Dune&apos;s Adventure</ButtonLink>
            <ButtonLink href="/waitlist" $variant="secondary">
              Join the Adventure Waitlist
            </ButtonLink>
          </ButtonRow>
        </Container>
      </Section>
    </Page>
  )
}
