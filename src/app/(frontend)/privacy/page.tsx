import { BackHome } from '@/components/site/content/BackHome'
import { CardGrid } from '@/components/site/content/CardGrid'
import { LegalText } from '@/components/site/legal/LegalText'
import {
  ButtonLink,
  Centered,
  Container,
  Eyebrow,
  Lead,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { getSiteSettings } from '@/services/content/pages'
import { retentionOf, UNCONFIRMED_SIGNUP_DAYS } from '@/services/shared/retention'
import { routeMetadata } from '@/components/site/content/page-metadata'

export const generateMetadata = () => routeMetadata('/privacy')

const PRINCIPLES = [
  {
    icon: '♥\uFE0E',
    title: 'Heart-Centered Approach',
    text: 'We treat your information the way we would want our own family’s to be treated.',
  },
  {
    icon: '✓',
    title: 'Data Protection',
    text: 'Your data is stored securely, encrypted in transit and seen only by people who need it.',
  },
  {
    icon: '☼',
    title: 'Transparency',
    text: 'We tell you plainly what we collect, why we collect it and who helps us process it.',
  },
  {
    icon: '✿',
    title: 'Minimal Collection',
    text: 'We ask only for what we need to serve you, and we never sell your data.',
  },
]

export default async function PrivacyPage() {
  // The same settings the nightly deletion reads (decision 0110).
  const { eventsMonths, emailBodiesMonths } = retentionOf(await getSiteSettings())
  return (
    <Page>
      <Section>
        <Container>
          <BackHome />
          <Centered>
            <Eyebrow>Legal</Eyebrow>
            <Title>Privacy Policy</Title>
            <Lead>Your trust matters more to us than any data ever could.</Lead>
          </Centered>
          <CardGrid min={230} style={{ marginTop: 36 }} cards={PRINCIPLES} heading="h2" />
        </Container>
      </Section>
      <Section $tone="panel">
        <Container $narrow>
          <LegalText>
            <section aria-labelledby="collected">
              <h2 id="collected">Information We Collect</h2>
              <h3>Information you give us</h3>
              <ul>
                <li>
                  Your email address, when you subscribe to our newsletter or join a waitlist.
                </li>
                <li>Your name and contact information, when you send us a message or sign up.</li>
                <li>Your preferences and the messages you choose to send us.</li>
              </ul>
              <h3>Information collected automatically</h3>
              <ul>
                <li>Anonymized analytics, such as which pages are visited and for how long.</li>
                <li>
                  Technical information: your browser, operating system and kind of device (not
                  their versions).
                </li>
                <li>
                  Where you came from: the name of the site that linked to us (not the page) and the
                  campaign tags of the link you followed.
                </li>
                <li>
                  Interaction patterns, such as how far a page is scrolled and which buttons are
                  used.
                </li>
              </ul>
              <p>
                We send no analytics at all when your browser asks not to be tracked (Do Not Track
                or Global Privacy Control).
              </p>
            </section>
            <section aria-labelledby="uses">
              <h2 id="uses">How We Use Your Information</h2>
              <ul>
                <li>To send the newsletters and updates you asked for.</li>
                <li>To tell you when a product you are waiting for becomes available.</li>
                <li>To answer your messages and questions.</li>
                <li>To understand what is helpful on our site and improve it.</li>
              </ul>
              <p>We never sell, rent or trade your personal information.</p>
            </section>
            <section aria-labelledby="rights">
              <h2 id="rights">Your Rights</h2>
              <ul>
                <li>
                  <strong>Access:</strong> ask for a copy of the information we hold about you.
                </li>
                <li>
                  <strong>Correction:</strong> ask us to fix anything that is wrong.
                </li>
                <li>
                  <strong>Deletion:</strong> ask us to delete your information.
                </li>
                <li>
                  <strong>Portability:</strong> receive your information in a common format.
                </li>
                <li>
                  <strong>Withdrawal:</strong> withdraw your consent at any time, for example by
                  unsubscribing.
                </li>
                <li>
                  <strong>Objection:</strong> object to any use of your information.
                </li>
              </ul>
            </section>
            <section aria-labelledby="retention">
              <h2 id="retention">How Long We Keep It</h2>
              <ul>
                <li>
                  <strong>Analytics and interaction events:</strong> {eventsMonths} months, then
                  deleted. So are the records of opens and clicks of our emails, which keep only the
                  name of your browser, system and kind of device, never your IP address.
                </li>
                <li>
                  <strong>Emails we send you:</strong> their contents are deleted after{' '}
                  {emailBodiesMonths} months; we keep only the record that an email with its subject
                  was sent to you, and when.
                </li>
                <li>
                  <strong>Newsletter signups you never confirm:</strong> deleted after{' '}
                  {UNCONFIRMED_SIGNUP_DAYS} days, with the record of the signup.
                </li>
                <li>
                  <strong>Your subscription, waitlist places and messages:</strong> for as long as
                  you stay with us, or until you ask us to delete them.
                </li>
              </ul>
              <p>
                Expired confirmation links, links to a copy or the erasure of your data, and sign-in
                sessions are deleted every night.
              </p>
            </section>
            <section aria-labelledby="security">
              <h2 id="security">Security</h2>
              <p>
                We protect your information with encrypted connections, access limited to the people
                who need it, and regular reviews of how it is stored and handled.
              </p>
            </section>
            <section aria-labelledby="third-parties">
              <h2 id="third-parties">Third Parties</h2>
              <p>We work with a small number of trusted services, each only for its purpose:</p>
              <ul>
                <li>Email delivery, to send the emails you asked for.</li>
                <li>Analytics, to understand anonymized use of the site.</li>
                <li>Hosting, to run the site and store its data securely.</li>
              </ul>
            </section>
            <section aria-labelledby="privacy-contact">
              <h2 id="privacy-contact">Contact Us</h2>
              <p>
                Questions about your privacy, or a request about your information? Send us a message
                and we will reply within 24-48 hours.
              </p>
              <ButtonLink href="/contact">Contact Us</ButtonLink>
            </section>
          </LegalText>
        </Container>
      </Section>
    </Page>
  )
}
