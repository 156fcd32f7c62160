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
import {
  WAITLIST_CONFIRM_EXPIRED,
  WAITLIST_CONFIRM_INVALID,
  WAITLIST_CONFIRM_TEXT,
} from '@/lib/email/waitlist'
import { isWaitlistPageProduct } from '@/components/site/waitlist/products'
import { pageMetadata } from '@/lib/metadata'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  ...pageMetadata({ title: 'Confirm your place on the waitlist', path: '/waitlist/confirm' }),
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<{ token?: string; status?: string; product?: string }> }

/**
 * The confirm link of the waitlist email opens this page; only its button (a POST) confirms, so a
 * mail scanner that follows the link confirms nothing. A confirmation goes on to the status page;
 * an expired link says so, and how to get a new one.
 */
export default async function ConfirmWaitlistPage({ searchParams }: Props) {
  const { token, status, product } = await searchParams
  // An expired link comes back with its product: its waitlist page sends a new one.
  const waitlist = isWaitlistPageProduct(product) ? `/waitlist?product=${product}` : '/waitlist'
  const isValidLink = Boolean(token) && status !== 'invalid' && status !== 'expired'
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Stack $gap={20}>
              <Title>Confirm your place on the waitlist</Title>
              {isValidLink ? (
                <Form method="post" action="/api/waitlist/confirm">
                  <Lead>
                    Press the button to confirm your address. Then you can see your place in line,
                    and friends who join through your link move you up.
                  </Lead>
                  <input type="hidden" name="token" value={token} />
                  <Button type="submit">{WAITLIST_CONFIRM_TEXT}</Button>
                </Form>
              ) : (
                <>
                  <Notice $tone="error" role="alert">
                    {status === 'expired' ? WAITLIST_CONFIRM_EXPIRED : WAITLIST_CONFIRM_INVALID}
                  </Notice>
                  <ButtonLink href={waitlist}>Join the waitlist again</ButtonLink>
                </>
              )}
            </Stack>
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
