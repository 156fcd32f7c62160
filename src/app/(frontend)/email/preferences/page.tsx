import {
  CheckRow,
  EmailLinkPage,
  FieldLabel,
  InvalidLink,
  Notice,
  TokenForm,
  emailLinkMetadata,
} from '@/components/site/email-link/EmailLinkPage'
import { Select } from '@/components/site/forms/fields'
import { Button, Lead, Subheading } from '@/components/site/ui'
import { EMAIL_FREQUENCIES } from '@/lib/constants'
import { DATA_REQUEST_SENT } from '@/lib/email/data-request'
import { INVALID_LINK } from '@/schemas/email'
import { preferencesFor } from '@/services/email-links/preferences'

import { readByToken } from '../read-by-token'

export const dynamic = 'force-dynamic'

export const metadata = emailLinkMetadata('Email preferences', '/email/preferences')

type Props = { searchParams: Promise<{ token?: string; status?: string }> }

const KINDS = [
  {
    name: 'newsletterEnabled',
    label: 'Newsletter',
    hint: 'Stories, books and music from the universe',
  },
  { name: 'promotionsEnabled', label: 'Promotions', hint: 'Offers from the shop' },
  {
    name: 'updatesEnabled',
    label: 'Updates',
    hint: 'News about early access and the products you joined',
  },
  { name: 'weeklyDigestEnabled', label: 'Weekly digest', hint: 'One summary email' },
] as const

const STATUS_TEXT: Record<string, string> = {
  unsubscribed:
    'You are unsubscribed from all newsletters, updates and promotions. Replies to your own messages still reach you.',
  saved: 'Your email preferences are saved.',
  'data-requested': DATA_REQUEST_SENT,
}

/**
 * Where the List-Unsubscribe link leads: one button unsubscribes from everything (a POST), and
 * the preferences center sets each kind of email and the frequency. The token is the only key.
 */
export default async function EmailPreferencesPage({ searchParams }: Props) {
  const { token, status } = await searchParams
  const preferences = await readByToken(token, preferencesFor)
  return (
    <EmailLinkPage title="Email preferences" layout="form">
      {status && STATUS_TEXT[status] && <Notice role="status">{STATUS_TEXT[status]}</Notice>}
      {!preferences ? (
        <InvalidLink message={INVALID_LINK} href="/" label="Back to Home" />
      ) : (
        <>
          <Lead>Emails to {preferences.email}</Lead>
          <TokenForm action="/api/email/unsubscribe" token={token}>
            <Subheading>Unsubscribe</Subheading>
            <Button type="submit" $variant="secondary">
              Unsubscribe from all
            </Button>
          </TokenForm>
          <TokenForm action="/api/email/preferences" token={token}>
            <Subheading>Choose what you receive</Subheading>
            {KINDS.map((kind) => (
              <CheckRow key={kind.name}>
                <input type="checkbox" name={kind.name} defaultChecked={preferences[kind.name]} />
                <span>
                  {kind.label}
                  <small>{kind.hint}</small>
                </span>
              </CheckRow>
            ))}
            <FieldLabel>
              How often
              <Select name="frequency" defaultValue={preferences.frequency}>
                {EMAIL_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {frequency[0].toUpperCase() + frequency.slice(1)}
                  </option>
                ))}
              </Select>
            </FieldLabel>
            <Button type="submit">Save preferences</Button>
          </TokenForm>
          <TokenForm action="/api/email/data-request" token={token}>
            <Subheading>Your data</Subheading>
            <Lead>
              Get a copy of everything we hold about {preferences.email}, or have all of it erased.
              We email you a link to confirm either.
            </Lead>
            <Button type="submit" name="kind" value="export" $variant="secondary">
              Email me a copy of my data
            </Button>
            <Button type="submit" name="kind" value="erase" $variant="secondary">
              Erase my data
            </Button>
          </TokenForm>
        </>
      )}
    </EmailLinkPage>
  )
}
