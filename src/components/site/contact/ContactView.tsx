'use client'

import { useEffect, useRef, useState } from 'react'

import { FOUNDER_NAME } from '@/lib/constants'
import { ContactForm } from '../forms/ContactForm'
import {
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  ExternalButton,
  Heading,
  Lead,
  List,
  Muted,
  Page,
  Section,
  Stack,
  Subheading,
  Title,
} from '../ui'
import styles from './ContactView.module.css'
import { useContactTracking } from './use-contact-tracking'

const REASONS = [
  'Collaboration on books, music, apps and conscious creative projects',
  'Personal guidance and mentorship on creativity and purpose',
  'Community building for families, schools and circles',
  'Media and speaking: interviews, podcasts, panels and keynotes',
]

/** The contact page: hero, two cards and the form, swapped for a confirmation once sent. */
export function ContactView({ linkHubUrl }: { linkHubUrl: string }) {
  const [isSent, setSent] = useState(false)
  const formArea = useRef<HTMLDivElement>(null)
  const receivedHeading = useRef<HTMLHeadingElement>(null)
  useContactTracking(formArea)

  // Spec §2: the page opens at its top, wherever the previous page was scrolled.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [])
  useEffect(() => {
    if (isSent) receivedHeading.current?.focus()
  }, [isSent])

  if (isSent)
    return (
      <Page>
        <Section>
          <Container $narrow>
            <Centered>
              <Eyebrow>Thank you</Eyebrow>
              <Title ref={receivedHeading} tabIndex={-1}>
                Message Received
              </Title>
              <Lead>
                Your message is on its way to {FOUNDER_NAME}. Expect a personal reply within 24-48
                hours.
              </Lead>
              <ButtonRow $center>
                <ButtonLink href="/">Return Home</ButtonLink>
                <ExternalButton href={linkHubUrl} $variant="secondary">
                  Connect Further
                </ExternalButton>
              </ButtonRow>
            </Centered>
          </Container>
        </Section>
      </Page>
    )

  return (
    <Page>
      <Section>
        <Container>
          <Centered>
            <Eyebrow>Contact</Eyebrow>
            <Title>Connect with Purpose</Title>
            <Lead>
              Every meaningful project begins with a conversation. Share your idea, question or
              invitation, and let&apos;s see what we can create together.
            </Lead>
          </Centered>
        </Container>
      </Section>
      <Section $tone="panel">
        <Container>
          <div className={styles.layout}>
            <Stack $gap={20}>
              <Card>
                <Subheading as="h2">Why Connect?</Subheading>
                <List>
                  {REASONS.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </List>
              </Card>
              <Card>
                <Subheading as="h2">Response Time</Subheading>
                <Muted>
                  Every message is read personally. You can expect a reply within 24-48 hours.
                </Muted>
                <ButtonRow>
                  <ExternalButton href={linkHubUrl} $variant="secondary">
                    Connect on Social
                  </ExternalButton>
                </ButtonRow>
              </Card>
            </Stack>
            <Card ref={formArea}>
              <Heading>Send a Message</Heading>
              <p className={styles.formIntro}>All fields are required.</p>
              <ContactForm
                success={{
                  title: 'Message sent successfully!',
                  description: `Thank you for reaching out. ${FOUNDER_NAME} will get back to you within 24-48 hours.`,
                }}
                failure={{
                  title: 'Failed to send message',
                  description: 'Please try again or contact us directly via email.',
                }}
                onSuccess={() => setSent(true)}
              />
            </Card>
          </div>
        </Container>
      </Section>
    </Page>
  )
}
