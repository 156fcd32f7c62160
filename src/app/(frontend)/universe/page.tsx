import { CardGrid } from '@/components/site/content/CardGrid'
import { UniverseExplorer } from '@/components/site/universe/UniverseExplorer'
import { LIFE_STAGES } from '@/components/site/universe/universes'
import {
  ButtonLink,
  ButtonRow,
  Centered,
  Container,
  Eyebrow,
  Heading,
  Lead,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/universe')

const LIFE_STAGE_CARDS = LIFE_STAGES.map((stage) => ({
  title: stage.stage,
  text: `${stage.ages === 'Adult' ? 'Adults' : `Ages ${stage.ages}`}: ${stage.text}`,
}))

export default function UniversePage() {
  return (
    <Page>
      <Section>
        <Container>
          <Centered>
            <Eyebrow>Universe</Eyebrow>
            <Title>The Starfinity Universe</Title>
            <Lead>
              Four story universes that grow with you, from a first picture book to an epic saga.
              Follow the ones that speak to your family.
            </Lead>
          </Centered>
        </Container>
      </Section>
      <Section $tone="panel" aria-labelledby="universes">
        <Container>
          <Heading id="universes">Four Story Universes</Heading>
          <UniverseExplorer />
        </Container>
      </Section>
      <Section aria-labelledby="life-stages">
        <Container>
          <Heading id="life-stages">Stories for Every Life Stage</Heading>
          <CardGrid min={200} cards={LIFE_STAGE_CARDS} />
          <ButtonRow $center>
            <ButtonLink href="/publishing">Explore Publishing</ButtonLink>
            <ButtonLink href="/contact" $variant="secondary">
              Collaborate With Us
            </ButtonLink>
          </ButtonRow>
        </Container>
      </Section>
    </Page>
  )
}
