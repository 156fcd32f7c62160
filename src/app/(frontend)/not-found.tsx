import { ButtonLink, Centered, Container, Lead, Page, Section, Title } from '@/components/site/ui'

export default function NotFound() {
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Title>Page Not Found</Title>
            <Lead>Did you forget to add the page to the router?</Lead>
            <ButtonLink href="/">Back to Home</ButtonLink>
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
