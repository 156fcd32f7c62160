import { Centered, Container, Lead, Page, Section, Title } from '@/components/site/ui'
import { getSiteSettings } from '@/lib/site-content'

export default async function HomePage() {
  const settings = await getSiteSettings()
  return (
    <Page>
      <Section>
        <Container>
          <Centered>
            <Title>Starfinity</Title>
            <Lead>{settings.tagline}</Lead>
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
