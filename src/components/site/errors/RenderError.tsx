'use client'

import { useRouter } from 'next/navigation'
import { startTransition } from 'react'

import {
  Button,
  ButtonLink,
  ButtonRow,
  Centered,
  Container,
  Lead,
  Page,
  Section,
  Title,
} from '../ui'

/**
 * What a visitor sees when a page fails to render: the site's words, a retry and the way home.
 * No message, stack or digest: those are in the server's log line for the request (decision 205).
 */
export function RenderError({ reset }: { reset: () => void }) {
  const router = useRouter()
  // A server component's failure is rendered again only with fresh server data: refresh, then
  // reset the boundary in the same transition.
  const retry = () =>
    startTransition(() => {
      router.refresh()
      reset()
    })
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Title>Something went wrong</Title>
            <Lead>This page could not be shown just now. Please try again in a moment.</Lead>
            <ButtonRow $center>
              <Button type="button" onClick={retry}>
                Try again
              </Button>
              <ButtonLink href="/" $variant="secondary">
                Back to Home
              </ButtonLink>
            </ButtonRow>
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
