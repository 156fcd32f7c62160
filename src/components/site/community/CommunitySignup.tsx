'use client'

import { trackEngagement } from '@/components/site/tracking/tracker'

import { NewsletterForm } from '../forms/NewsletterForm'

export const COMMUNITY_SOURCE = 'community-page'

/** The community newsletter form: first name and email; a signup is also an engagement event. */
export function CommunitySignup() {
  return (
    <NewsletterForm
      id="community-signup"
      withFirstName
      source={COMMUNITY_SOURCE}
      interests={['community']}
      buttonText="Join Community"
      pendingText="Joining Community..."
      success={{
        title: 'Welcome to the family!',
        description:
          "You're part of the Starfinity community now. Watch your inbox for our first letter.",
      }}
      failure={() => ({
        title: 'Something went wrong',
        description: 'Please try again or contact us directly.',
      })}
      onSuccess={() =>
        trackEngagement('signup', { form: 'community' }, { source: COMMUNITY_SOURCE })
      }
    />
  )
}
