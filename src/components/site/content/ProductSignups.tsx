'use client'

import { ApiError } from '@/lib/api-client'

import { NewsletterForm } from '../forms/NewsletterForm'

/** Publishing page newsletter (spec §8: 'Subscription failed' with the error's message). */
export function PublishingSignup() {
  return (
    <NewsletterForm
      id="publishing-signup"
      interests={['publishing']}
      buttonText="Subscribe"
      pendingText="Subscribing..."
      success={{
        title: 'Successfully subscribed!',
        description: "You'll be the first to hear about new Starfinity books and releases.",
      }}
      failure={(error) => ({
        title: 'Subscription failed',
        description:
          (error instanceof ApiError ? error.serverMessage : undefined) ??
          (error instanceof Error ? error.message : 'Please try again later.'),
      })}
    />
  )
}

/** Records page newsletter (a known address is answered as a new one, decision 0163). */
export function RecordsSignup() {
  return (
    <NewsletterForm
      id="records-signup"
      interests={['records']}
      buttonText="Subscribe"
      pendingText="Subscribing..."
      success={{
        title: 'Successfully subscribed!',
        description: "You'll hear about new songs and releases from Starfinity Records first.",
      }}
      failure={() => ({
        title: 'Subscription failed',
        description: 'Please enter a valid email address.',
      })}
    />
  )
}
