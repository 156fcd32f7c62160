import { ParentConnectFlow } from '@/components/site/parent-connect/ParentConnectFlow'
import { Centered, Container, Eyebrow, Lead, Page, Section, Title } from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/parent-connect')

export default function ParentConnectPage() {
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Eyebrow>For Dune families</Eyebrow>
            <Title>Parent Connect</Title>
            <Lead>
              Three quick questions help us create what your family needs. Then claim your free
              &apos;Five-Minute Nature Moments&apos; guide.
            </Lead>
          </Centered>
          <ParentConnectFlow />
        </Container>
      </Section>
    </Page>
  )
}
