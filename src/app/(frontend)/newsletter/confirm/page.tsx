import type { Metadata } from 'next'

import { Form, Notice } from '@/app/(frontend)/email/preferences/EmailPageParts'
import {
  Button,
  ButtonLink,
  Centered,
  Container,
  Lead,
  Page,
  Section,
  Stack,
  Title,
} from '@/components/site/ui'
import { CONFIRM_INVALID, NEWSLETTER_CONFIRM_TEXT } from '@/lib/email/newsletter'
import { pageMetadata } from '@/lib/metadata'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  ...pageMetadata({ title: 'Confirm your subscription', path: '/newsletter/confirm' }),
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<{ token?: string; status?: string }> }

/**
 * The link in the confirmation email opens this page; only its button (a POST) confirms, so a mail
 * scanner that follows the link confirms nothing.
 */
export default async function ConfirmNewsletterPage({ searchParams }: Props) {
  const { token, status } = await searchParams
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Stack $gap={20}>
              <Title>
                {status === 'confirmed'
                  ? 'Welcome to the Starfinity Universe!'
                  : 'Confirm your subscription'}
              </Title>
              {status === 'confirmed' && (
                <>
                  <Lead>
                    Your subscription is confirmed. You&apos;ll receive updates about our latest
                    creations and community news.
                  </Lead>
                  <ButtonLink href="/">Back to Home</ButtonLink>
                </>
              )}
              {status === 'invalid' && (
                <>
                  <Notice $tone="error" role="alert">
                    {CONFIRM_INVALID}
                  </Notice>
                  <ButtonLink href="/#connect">Sign up again</ButtonLink>
                </>
              )}
              {!status && token && (
                <Form method="post" action="/api/newsletter/confirm">
                  <Lead>Press the button to start receiving the Starfinity newsletter.</Lead>
                  <input type="hidden" name="token" value={token} />
                  <Button type="submit">{NEWSLETTER_CONFIRM_TEXT}</Button>
                </Form>
              )}
              {!status && !token && (
                <Notice $tone="error" role="alert">
                  {CONFIRM_INVALID}
                </Notice>
              )}
            </Stack>
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
