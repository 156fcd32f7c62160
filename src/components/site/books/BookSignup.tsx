'use client'

import { ApiError } from '@/lib/api-client'

import { NewsletterForm } from '../forms/NewsletterForm'

/** Spec §7: the seven interest tags of the book page's newsletter signup. */
export const bookInterests = (bookTitle: string) => [
  'wild',
  bookTitle,
  'children-books',
  'conscious-parenting',
  'nature-stories',
  'deep-listening',
  'fennec-fox-stories',
]

/** The newsletter card of a book page ('Joining...', 'Welcome to Starfinity Wild!'). */
export function BookSignup({ bookTitle }: { bookTitle: string }) {
  return (
    <NewsletterForm
      id="book-signup"
      interests={bookInterests(bookTitle)}
      source="book-page"
      buttonText="Join Starfinity Wild"
      pendingText="Joining..."
      success={{
        title: 'Welcome to Starfinity Wild!',
        description: "We'll send you new stories, songs and nature moments for your family.",
      }}
      failure={(error) => ({
        title: 'Subscription Error',
        description:
          (error instanceof ApiError ? error.serverMessage : undefined) ??
          'Please try again later.',
      })}
    />
  )
}
