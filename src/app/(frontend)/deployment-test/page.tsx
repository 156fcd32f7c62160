import { DeploymentTest } from '@/components/site/deployment-test/DeploymentTest'
import { Container, Eyebrow, Lead, Page, Section, Title } from '@/components/site/ui'
import { pageMetadata } from '@/lib/metadata'

export const metadata = {
  ...pageMetadata({
    title: 'Deployment Test',
    description: 'Internal readiness checks of the site, run in the browser.',
    path: '/deployment-test',
  }),
  robots: { index: false, follow: false },
}

export default function DeploymentTestPage() {
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Eyebrow>Internal</Eyebrow>
          <Title>Deployment Test</Title>
          <Lead>
            Readiness checks run in this browser: share tags, navigation, forms, viewport, mobile
            menu, load time, image sizes, analytics and the email logos.
          </Lead>
          <DeploymentTest />
        </Container>
      </Section>
    </Page>
  )
}
