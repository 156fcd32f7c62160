import { StarsDemo } from '@/components/site/stars/StarsDemo'
import { Container, Lead, Page, Section, Title } from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/demo-stars')

export default function DemoStarsPage() {
  return (
    <Page>
      <Section>
        <Container>
          <Title>Star Field Demo</Title>
          <Lead>Choose how many stars shine, the shape they draw and whether they twinkle.</Lead>
          <StarsDemo />
        </Container>
      </Section>
    </Page>
  )
}
