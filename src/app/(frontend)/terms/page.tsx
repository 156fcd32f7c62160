import { BackHome } from '@/components/site/content/BackHome'
import { LegalText } from '@/components/site/legal/LegalText'
import {
  Centered,
  Container,
  Eyebrow,
  Lead,
  Muted,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/terms')

const TERMS_LAST_UPDATED = 'December 2024'

const SECTIONS: { title: string; text: string }[] = [
  {
    title: 'Acceptance of Terms',
    text: 'By using the Starfinity website, newsletters, waitlists or any of our services, you agree to these terms. If you do not agree, please do not use them.',
  },
  {
    title: 'Platform Purpose',
    text: 'Starfinity shares books, music, stories, a companion app and a community for conscious families. Our content is for inspiration and education and is not a substitute for professional advice.',
  },
  {
    title: 'User Responsibilities',
    text: 'You agree to give accurate information, to keep any account details safe, and to treat other members of our community with kindness and respect.',
  },
  {
    title: 'Prohibited Activities',
    text: 'You may not misuse our services: no spam, harassment, unlawful content, attempts to break or overload the site, automated scraping, or impersonation of others.',
  },
  {
    title: 'Intellectual Property',
    text: 'Our stories, characters, artwork, songs, logos and other content belong to Starfinity or its creators. You may share links and enjoy our content personally, but not copy, sell or adapt it without written permission.',
  },
  {
    title: 'Privacy',
    text: 'Your use of our services is also governed by our Privacy Policy, which explains what we collect and how we protect it.',
  },
  {
    title: 'Service Availability',
    text: 'We work to keep our services available, but they may change, pause or be interrupted from time to time, for example for maintenance or improvements.',
  },
  {
    title: 'Limitation of Liability',
    text: 'Our services are provided as they are. To the extent the law allows, Starfinity is not liable for indirect or consequential losses that arise from using them.',
  },
  {
    title: 'Termination',
    text: 'We may suspend or end access for anyone who breaks these terms. You may stop using our services and unsubscribe at any time.',
  },
  {
    title: 'Governing Law',
    text: 'These terms are governed by the laws of the place where Starfinity is established, and any dispute is handled by its courts.',
  },
  {
    title: 'Changes to These Terms',
    text: 'We may update these terms as our services grow. When we do, we change the date on this page; continuing to use our services means you accept the updated terms.',
  },
]

export default function TermsPage() {
  return (
    <Page>
      <Section>
        <Container $narrow>
          <BackHome />
          <Centered>
            <Eyebrow>Legal</Eyebrow>
            <Title>Terms of Service</Title>
            <Lead>The simple agreement between you and Starfinity.</Lead>
            <Muted>Last updated {TERMS_LAST_UPDATED}</Muted>
          </Centered>
        </Container>
      </Section>
      <Section $tone="panel">
        <Container $narrow>
          <LegalText>
            {SECTIONS.map((section, index) => (
              <section key={section.title} aria-labelledby={`term-${index + 1}`}>
                <h2 id={`term-${index + 1}`}>
                  {index + 1}. {section.title}
                </h2>
                <p>{section.text}</p>
              </section>
            ))}
          </LegalText>
        </Container>
      </Section>
    </Page>
  )
}
