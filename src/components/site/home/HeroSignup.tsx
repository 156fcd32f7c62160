'use client'

import { NewsletterForm } from '../forms/NewsletterForm'

/** Spec §7: the hero's interests and source; §8: its notices. */
export const HERO_INTERESTS = ['universe', 'updates', 'community']

export function HeroSignup() {
  return (
    <NewsletterForm
      id="hero-signup"
      label="Universe updates signup"
      interests={HERO_INTERESTS}
      source="hero-section"
      sendsEmptyFirstName
      buttonText="Join the Universe"
      pendingText="Connecting..."
      success={{
        title: 'Welcome to the Starfinity Universe!',
        description: "You'll receive updates about our latest creations and community news.",
      }}
      failure={() => ({
        title: 'Something went wrong',
        description: 'Please try again or contact us directly.',
      })}
    />
  )
}
