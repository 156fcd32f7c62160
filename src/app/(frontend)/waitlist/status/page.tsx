import { CopyLink } from '@/components/site/CopyLink'
import {
  EmailLinkPage,
  InvalidLink,
  Notice,
  emailLinkMetadata,
} from '@/components/site/email-link/EmailLinkPage'
import { Lead } from '@/components/site/ui'
import { PRODUCT_LABELS } from '@/lib/constants'
import { WAITLIST_STATUS_INVALID } from '@/lib/email/waitlist'
import { readWaitlistStatus } from '@/services/waitlist/confirm'

import { readByToken } from '../../email/read-by-token'

export const dynamic = 'force-dynamic'

export const metadata = emailLinkMetadata('Your place on the waitlist', '/waitlist/status')

type Props = { searchParams: Promise<{ token?: string; confirmed?: string }> }

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** A confirmed person's current place in line (the link in their waitlist email). */
export default async function WaitlistStatusPage({ searchParams }: Props) {
  const { token, confirmed } = await searchParams
  const status = await readByToken(token, readWaitlistStatus)
  return (
    <EmailLinkPage title="Your place on the waitlist" layout="message">
      {!status && (
        <InvalidLink
          message={WAITLIST_STATUS_INVALID}
          href="/waitlist"
          label="Go to the waitlist"
        />
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
            {plural(status.referrals, 'friend has', 'friends have')} joined through your link and
            confirmed.
            {status.placesPerReferral > 0 &&
              ` Each one moves you up ${plural(status.placesPerReferral, 'place', 'places')}.`}
          </Lead>
          <CopyLink url={status.referralUrl} />
        </>
      )}
    </EmailLinkPage>
  )
}
