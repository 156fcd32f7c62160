'use client'

import { NewsletterForm } from '../forms/NewsletterForm'

/** Spec §7: the connect form's interests. */
export const CONNECT_INTERESTS = ['homepage']

/** The 'Subscribe with Heart' form of the Connect section (spec §8's notices). */
export function ConnectSignup() {
  return (
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
      failure={() => ({
        title: 'Subscription failed',
        description: 'Please enter a valid email address.',
      })}
    />
  )
}
