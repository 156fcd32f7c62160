import { StarsDemo } from '@/components/site/stars/StarsDemo'
import { Container, Lead, Page, Section, Title } from '@/components/site/ui'
import { pageMetadata } from '@/lib/metadata'

export const metadata = pageMetadata({
  title: 'Star Field Demo',
  description: 'Try the Starfinity star field: density, animation, patterns and shooting stars.',
  path: '/demo-stars',
})

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
