'use client'

import { isDuplicate } from '@/lib/api-client'

import { NewsletterForm } from '../forms/NewsletterForm'
import {
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  ExternalButton,
  Heading,
  Lead,
  Section,
  Subheading,
} from '../ui'

/** Spec §7: the connect form's interests. */
export const CONNECT_INTERESTS = ['homepage']

/** The link hub button and the 'Subscribe with Heart' form (spec §2, §8). */
export function Connect({ linkHubUrl }: { linkHubUrl: string }) {
  return (
    <Section id="connect" aria-labelledby="connect-heading" $tone="panel">
      <Container $narrow>
        <Centered>
          <Eyebrow>Connect</Eyebrow>
          <Heading id="connect-heading">Stay Connected</Heading>
          <Lead>
            Follow the journey wherever you like to gather, or let weekly insights on consciousness
            and creativity come to you.
          </Lead>
          <ButtonRow $center>
            <ExternalButton href={linkHubUrl} $variant="secondary">
              Find Us Everywhere
            </ExternalButton>
          </ButtonRow>
        </Centered>
        <Card style={{ marginTop: 32 }}>
          <Subheading>Subscribe with Heart</Subheading>
          <NewsletterForm
            id="connect-signup"
            interests={CONNECT_INTERESTS}
            buttonText="Subscribe with Heart"
            pendingText="Subscribing..."
            success={{
              title: 'Successfully subscribed!',
              description:
                "Thank you for joining our community. You'll receive weekly insights on consciousness and creativity.",
            }}
            failure={(error) => ({
              title: 'Subscription failed',
              description: isDuplicate(error)
                ? "You're already subscribed to our newsletter!"
                : 'Please enter a valid email address.',
            })}
          />
        </Card>
      </Container>
    </Section>
  )
}
