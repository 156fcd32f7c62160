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
import { pageMetadata } from '@/lib/metadata'

export const metadata = pageMetadata({
  title: 'Coming Soon',
  description: 'Something new is on its way to the Starfinity universe.',
  path: '/coming-soon',
})

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
