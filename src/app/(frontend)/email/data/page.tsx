import type { Metadata } from 'next'

import { Form, Notice } from '@/app/(frontend)/email/preferences/EmailPageParts'
import {
  Button,
  ButtonLink,
  Container,
  Lead,
  Page,
  Section,
  Stack,
  Title,
} from '@/components/site/ui'
import { DATA_ERASED } from '@/lib/email/data-request'
import { pageMetadata } from '@/lib/metadata'
import { INVALID_LINK } from '@/schemas/email'
import { openDataRequest } from '@/services/data-requests'

import { readByToken } from '../read-by-token'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  ...pageMetadata({ title: 'Your data', path: '/email/data' }),
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<{ token?: string; status?: string }> }

/**
 * The link of a data request's email opens this page; only its button (a POST) downloads the copy
 * or erases, so a mail scanner that follows the link does neither.
 */
export default async function YourDataPage({ searchParams }: Props) {
  const { token, status } = await searchParams
  const request = status ? null : await readByToken(token, openDataRequest)
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Stack $gap={24}>
            <Title>Your data</Title>
            {status === 'erased' ? (
              <>
                <Notice role="status">{DATA_ERASED}</Notice>
                <ButtonLink href="/">Back to Home</ButtonLink>
              </>
            ) : !request ? (
              <>
                <Notice $tone="error" role="alert">
                  {INVALID_LINK}
                </Notice>
                <ButtonLink href="/">Back to Home</ButtonLink>
              </>
            ) : request.kind === 'export' ? (
              <Form method="post" action="/api/email/data">
                <Lead>
                  Everything we hold about {request.email}, as one JSON file: signups, messages,
                  survey answers, consents, preferences and the emails we sent you.
                </Lead>
                <input type="hidden" name="token" value={token} />
                <Button type="submit">Download my data</Button>
              </Form>
            ) : (
              <Form method="post" action="/api/email/data">
                <Lead>
                  Erase everything we hold about {request.email}: signups, messages, survey
                  answers, consents, preferences and the emails we sent you. This cannot be undone.
                  If you unsubscribed from our emails, we keep only a scrambled fingerprint of the
                  address so that we never email it again.
                </Lead>
                <input type="hidden" name="token" value={token} />
                <Button type="submit">Erase my data</Button>
              </Form>
            )}
          </Stack>
        </Container>
      </Section>
    </Page>
  )
}
