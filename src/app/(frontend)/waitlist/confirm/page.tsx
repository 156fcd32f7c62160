import {
  EmailLinkPage,
  InvalidLink,
  TokenForm,
  emailLinkMetadata,
} from '@/components/site/email-link/EmailLinkPage'
import { Button, Lead } from '@/components/site/ui'
import { isWaitlistPageProduct } from '@/components/site/waitlist/products'
import {
  WAITLIST_CONFIRM_EXPIRED,
  WAITLIST_CONFIRM_INVALID,
  WAITLIST_CONFIRM_TEXT,
} from '@/lib/email/waitlist'

export const dynamic = 'force-dynamic'

export const metadata = emailLinkMetadata('Confirm your place on the waitlist', '/waitlist/confirm')

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
  return (
    <EmailLinkPage title="Confirm your place on the waitlist" layout="message">
      {token && status !== 'invalid' && status !== 'expired' ? (
        <TokenForm action="/api/waitlist/confirm" token={token}>
          <Lead>
            Press the button to confirm your address. Then you can see your place in line, and
            friends who join through your link move you up.
          </Lead>
          <Button type="submit">{WAITLIST_CONFIRM_TEXT}</Button>
        </TokenForm>
      ) : (
        <InvalidLink
          message={status === 'expired' ? WAITLIST_CONFIRM_EXPIRED : WAITLIST_CONFIRM_INVALID}
          href={waitlist}
          label="Join the waitlist again"
        />
      )}
    </EmailLinkPage>
  )
}
