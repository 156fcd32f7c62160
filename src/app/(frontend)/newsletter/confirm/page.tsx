import {
  EmailLinkPage,
  InvalidLink,
  Notice,
  TokenForm,
  emailLinkMetadata,
} from '@/components/site/email-link/EmailLinkPage'
import { Button, ButtonLink, Lead } from '@/components/site/ui'
import { CONFIRM_INVALID, NEWSLETTER_CONFIRM_TEXT } from '@/lib/email/newsletter'

export const dynamic = 'force-dynamic'

export const metadata = emailLinkMetadata('Confirm your subscription', '/newsletter/confirm')

type Props = { searchParams: Promise<{ token?: string; status?: string }> }

/**
 * The link in the confirmation email opens this page; only its button (a POST) confirms, so a mail
 * scanner that follows the link confirms nothing.
 */
export default async function ConfirmNewsletterPage({ searchParams }: Props) {
  const { token, status } = await searchParams
  return (
    <EmailLinkPage
      title={
        status === 'confirmed' ? 'Welcome to the Starfinity Universe!' : 'Confirm your subscription'
      }
      layout="message"
    >
      {status === 'confirmed' && (
        <>
          <Lead>
            Your subscription is confirmed. You&apos;ll receive updates about our latest creations
            and community news.
          </Lead>
          <ButtonLink href="/">Back to Home</ButtonLink>
        </>
      )}
      {status === 'invalid' && (
        <InvalidLink message={CONFIRM_INVALID} href="/#connect" label="Sign up again" />
      )}
      {!status && token && (
        <TokenForm action="/api/newsletter/confirm" token={token}>
          <Lead>Press the button to start receiving the Starfinity newsletter.</Lead>
          <Button type="submit">{NEWSLETTER_CONFIRM_TEXT}</Button>
        </TokenForm>
      )}
      {!status && !token && (
        <Notice $tone="error" role="alert">
          {CONFIRM_INVALID}
        </Notice>
      )}
    </EmailLinkPage>
  )
}
