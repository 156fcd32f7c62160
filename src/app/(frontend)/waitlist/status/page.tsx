import type { Metadata } from 'next'

import { Notice } from '@/app/(frontend)/email/preferences/EmailPageParts'
import { CopyLink } from '@/components/site/CopyLink'
import {
  ButtonLink,
  Centered,
  Container,
  Lead,
  Page,
  Section,
  Stack,
  Title,
} from '@/components/site/ui'
import { PRODUCT_LABELS } from '@/lib/constants'
import { WAITLIST_STATUS_INVALID } from '@/lib/email/waitlist'
import { pageMetadata } from '@/lib/metadata'
import { readWaitlistStatus } from '@/services/confirm-waitlist'

import { readByToken } from '../../email/read-by-token'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  ...pageMetadata({ title: 'Your place on the waitlist', path: '/waitlist/status' }),
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<{ token?: string; confirmed?: string }> }

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** A confirmed person's current place in line (the link in their waitlist email). */
export default async function WaitlistStatusPage({ searchParams }: Props) {
  const { token, confirmed } = await searchParams
  const status = await readByToken(token, readWaitlistStatus)
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Stack $gap={20}>
              <Title>Your place on the waitlist</Title>
              {!status && (
                <>
                  <Notice $tone="error" role="alert">
                    {WAITLIST_STATUS_INVALID}
                  </Notice>
                  <ButtonLink href="/waitlist">Go to the waitlist</ButtonLink>
                </>
              )}
              {status && !status.confirmed && (
                <Notice $tone="error" role="alert">
                  Please confirm your address first, with the confirm link in the same email.
                </Notice>
              )}
              {status?.confirmed && (
                <>
                  {confirmed && (
                    <Notice $tone="ok" role="status">
                      Your place on the waitlist is confirmed.
                    </Notice>
                  )}
                  <Lead data-testid="waitlist-position">
                    You&apos;re number <strong>{status.position}</strong> of {status.total} on the{' '}
                    {PRODUCT_LABELS[status.product]} waitlist.
                  </Lead>
                  <Lead data-testid="waitlist-referrals">
                    {plural(status.referrals, 'friend has', 'friends have')} joined through your
                    link and confirmed.
                    {status.placesPerReferral > 0 &&
                      ` Each one moves you up ${plural(status.placesPerReferral, 'place', 'places')}.`}
                  </Lead>
                  <CopyLink url={status.referralUrl} />
                </>
              )}
            </Stack>
          </Centered>
        </Container>
      </Section>
    </Page>
  )
}
