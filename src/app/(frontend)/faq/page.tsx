import { BackHome } from '@/components/site/content/BackHome'
import { getFaqItems } from '@/services/content/pages'
import { ContactUsButton } from '@/components/site/faq/ContactUsButton'
import { FaqAccordion, type FaqGroupView } from '@/components/site/faq/FaqAccordion'
import {
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  Heading,
  Lead,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { FAQ_GROUPS } from '@/collections/FaqItems'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/faq')

export default async function FaqPage() {
  const items = await getFaqItems()
  const groups: FaqGroupView[] = FAQ_GROUPS.map((group) => ({
    group,
    items: items
      .filter((item) => item.group === group)
      .map(({ id, question, answer }) => ({ id, question, answer })),
  })).filter((group) => group.items.length > 0)

  return (
    <Page>
      <Section>
        <Container $narrow>
          <BackHome />
          <Centered>
            <Eyebrow>Help</Eyebrow>
            <Title>Frequently Asked Questions</Title>
            <Lead>
              Everything you might wonder about Starfinity, its ventures and its community.
              Can&apos;t find your answer? We are happy to help.
            </Lead>
            <ButtonRow $center>
              <ContactUsButton />
            </ButtonRow>
          </Centered>
        </Container>
      </Section>
      <Section>
        <Container $narrow>
          <FaqAccordion groups={groups} />
        </Container>
      </Section>
      <Section $tone="panel">
        <Container $narrow>
          <Card>
            <Centered>
              <Heading>Still have questions?</Heading>
              <Lead>
                Use Contact in the footer below or visit our contact page: a real person replies
                within 24-48 hours.
              </Lead>
              <ButtonRow $center>
                <ButtonLink href="/contact" $variant="secondary">
                  Go to the Contact Page
                </ButtonLink>
              </ButtonRow>
            </Centered>
          </Card>
        </Container>
      </Section>
    </Page>
  )
}
