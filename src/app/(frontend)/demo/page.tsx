import { LoaderDemo } from '@/components/site/stars/LoaderDemo'
import { Centered, Container, Lead, Page, Section, Title } from '@/components/site/ui'
import { pageMetadata } from '@/lib/metadata'

export const metadata = pageMetadata({
  title: 'Cosmic Loader Demo',
  description: 'The cosmic loading spinner of the Starfinity site.',
  path: '/demo',
})

export default function DemoPage() {
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Title>Cosmic Loader Demo</Title>
            <Lead>
              The spinner that greets visitors while the universe gathers itself. It closes by
              itself after three seconds.
            </Lead>
            <LoaderDemo />
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
