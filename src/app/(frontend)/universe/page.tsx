import { UniverseExplorer } from '@/components/site/universe/UniverseExplorer'
import { LIFE_STAGES } from '@/components/site/universe/universes'
import {
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  Grid,
  Heading,
  Lead,
  Muted,
  Page,
  Section,
  Subheading,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/universe')

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
          <Grid $min={200}>
            {LIFE_STAGES.map((stage) => (
              <Card key={stage.stage}>
                <Subheading>{stage.stage}</Subheading>
                <Muted>
                  {stage.ages === 'Adult' ? 'Adults' : `Ages ${stage.ages}`}: {stage.text}
                </Muted>
              </Card>
            ))}
          </Grid>
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
