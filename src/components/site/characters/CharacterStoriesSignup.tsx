'use client'

import { NewsletterForm } from '../forms/NewsletterForm'

/** Interest tag of the characters page's email capture (spec §2: product 'characters-stories'). */
export const CHARACTER_STORIES_TAG = 'characters-stories'

/** The email capture of /characters: a newsletter signup tagged for character stories. */
export function CharacterStoriesSignup() {
  return (
    <NewsletterForm
      id="character-stories-signup"
      interests={[CHARACTER_STORIES_TAG]}
      source="characters-page"
      buttonText="Get Character Stories"
      pendingText="Joining..."
      success={{
        title: 'Welcome to the adventure!',
        description: 'New stories about Dune and friends will find their way to your inbox.',
      }}
      failure={() => ({
        title: 'Subscription failed',
        description: 'Please enter a valid email address.',
      })}
    />
  )
}
