import { LoaderDemo } from '@/components/site/stars/LoaderDemo'
import { Centered, Container, Lead, Page, Section, Title } from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/demo')

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
