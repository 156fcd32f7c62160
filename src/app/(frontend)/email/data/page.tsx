import {
  EmailLinkPage,
  InvalidLink,
  Notice,
  TokenForm,
  emailLinkMetadata,
} from '@/components/site/email-link/EmailLinkPage'
import { Button, ButtonLink, Lead } from '@/components/site/ui'
import { DATA_ERASED } from '@/lib/email/data-request'
import { INVALID_LINK } from '@/schemas/email'
import { openDataRequest } from '@/services/email-links/data-requests'

import { readByToken } from '../read-by-token'

export const dynamic = 'force-dynamic'

export const metadata = emailLinkMetadata('Your data', '/email/data')

type Props = { searchParams: Promise<{ token?: string; status?: string }> }

/**
 * The link of a data request's email opens this page; only its button (a POST) downloads the copy
 * or erases, so a mail scanner that follows the link does neither.
 */
export default async function YourDataPage({ searchParams }: Props) {
  const { token, status } = await searchParams
  const request = status ? null : await readByToken(token, openDataRequest)
  return (
    <EmailLinkPage title="Your data" layout="form">
      {status === 'erased' ? (
        <>
          <Notice role="status">{DATA_ERASED}</Notice>
          <ButtonLink href="/">Back to Home</ButtonLink>
        </>
      ) : !request ? (
        <InvalidLink message={INVALID_LINK} href="/" label="Back to Home" />
      ) : (
        <TokenForm action="/api/email/data" token={token}>
          {request.kind === 'export' ? (
            <Lead>
              Everything we hold about {request.email}, as one JSON file: signups, messages, survey
              answers, consents, preferences and the emails we sent you.
            </Lead>
          ) : (
            <Lead>
              Erase everything we hold about {request.email}: signups, messages, survey answers,
              consents, preferences and the emails we sent you. This cannot be undone. If you
              unsubscribed from our emails, we keep only a scrambled fingerprint of the address so
              that we never email it again.
            </Lead>
          )}
          <Button type="submit">
            {request.kind === 'export' ? 'Download my data' : 'Erase my data'}
          </Button>
        </TokenForm>
      )}
    </EmailLinkPage>
  )
}
