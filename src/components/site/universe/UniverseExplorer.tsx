'use client'

import { useCallback, useState } from 'react'

import { ApiError, apiFetch } from '@/lib/api-client'

import { NewsletterForm } from '../forms/NewsletterForm'
import { useNotify } from '../notifications/Notifications'
import { Badge, Button, Card, Centered, Grid, Heading, Lead, Muted, Subheading } from '../ui'
import styles from './UniverseExplorer.module.css'
import { type Universe, UNIVERSES } from './universes'

export const UNIVERSE_FORM_ID = 'universe-signup'

const failureText = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : 'Please try again.'

/**
 * The universes with their Follow buttons and the newsletter form they share: following needs
 * the email typed in the form (spec §5), otherwise a notice and a scroll to the form.
 */
export function UniverseExplorer() {
  const notify = useNotify()
  const [email, setEmail] = useState('')
  const [following, setFollowing] = useState<string | null>(null)
  const onEmailChange = useCallback((value: string) => setEmail(value), [])

  const follow = async (universe: Universe) => {
    if (!email.trim()) {
      notify({
        variant: 'destructive',
        title: 'Email required',
        description:
          'Please enter your email in the subscription form below to follow this universe.',
      })
      const form = document.getElementById(UNIVERSE_FORM_ID)
      const isReduced = matchMedia('(prefers-reduced-motion: reduce)').matches
      form?.scrollIntoView({ behavior: isReduced ? 'auto' : 'smooth', block: 'center' })
      form?.querySelector<HTMLInputElement>('input[type="email"]')?.focus({ preventScroll: true })
      return
    }
    setFollowing(universe.id)
    try {
      await apiFetch('/api/newsletter', { body: { email: email.trim(), interests: [universe.id] } })
      notify({
        title: 'Successfully subscribed!',
        description: `You're now following ${universe.name}. New stories will reach you first.`,
      })
    } catch (error) {
      notify({
        variant: 'destructive',
        title: 'Subscription failed',
        description: failureText(error),
      })
    } finally {
      setFollowing(null)
    }
  }

  return (
    <>
      <Grid $min={240}>
        {UNIVERSES.map((universe) => (
          <Card key={universe.id} $accent={universe.accent}>
            <Badge $tone="teal">{universe.ages}</Badge>
            <Subheading>{universe.name}</Subheading>
            <Muted>{universe.description}</Muted>
            <Button
              type="button"
              $variant="secondary"
              disabled={following !== null}
              onClick={() => void follow(universe)}
            >
              {following === universe.id ? 'Subscribing...' : 'Follow'}
              <span className="visually-hidden"> {universe.name}</span>
            </Button>
          </Card>
        ))}
      </Grid>
      <div className={styles.signup}>
        <Centered>
          <Heading>Stay in the Story</Heading>
          <Lead>New worlds, characters and chapters, straight to your inbox.</Lead>
        </Centered>
        <NewsletterForm
          id={UNIVERSE_FORM_ID}
          interests={['universe']}
          buttonText="Subscribe"
          pendingText="Subscribing..."
          onEmailChange={onEmailChange}
          success={{
            title: 'Successfully subscribed!',
            description:
              'Welcome to the Starfinity Universe. New worlds and characters will reach you first.',
          }}
          failure={(error) => ({ title: 'Subscription failed', description: failureText(error) })}
        />
      </div>
    </>
  )
}
