import { BackHome } from '@/components/site/content/BackHome'
import {
  ButtonLink,
  ButtonRow,
  Centered,
  Container,
  Eyebrow,
  Lead,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/coming-soon')

export default function ComingSoonPage() {
  return (
    <Page>
      <Section>
        <Container $narrow>
          <BackHome />
          <Centered>
            <Eyebrow>Starfinity</Eyebrow>
            <Title>Coming Soon</Title>
            <Lead>
              New characters, stories and insights are being lovingly crafted right now. Check back
              soon, or stay connected so you hear the moment they arrive.
            </Lead>
            <ButtonRow $center>
              <ButtonLink href="/insights">Explore Current Insights</ButtonLink>
              <ButtonLink href="/contact" $variant="secondary">
                Stay Connected
              </ButtonLink>
            </ButtonRow>
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
