import type { Metadata } from 'next'

import { Select } from '@/components/site/forms/fields'
import {
  Button,
  ButtonLink,
  Container,
  Lead,
  Page,
  Section,
  Stack,
  Subheading,
  Title,
} from '@/components/site/ui'
import { EMAIL_FREQUENCIES } from '@/lib/constants'
import { DATA_REQUEST_SENT } from '@/lib/email/data-request'
import { pageMetadata } from '@/lib/metadata'
import { INVALID_LINK } from '@/schemas/email'
import { preferencesFor } from '@/services/email/preferences'

import { readByToken } from '../read-by-token'
import { CheckRow, FieldLabel, Form, Notice } from './EmailPageParts'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  ...pageMetadata({ title: 'Email preferences', path: '/email/preferences' }),
  robots: { index: false, follow: false },
}

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
    <Page>
      <Section>
        <Container $narrow>
          <Stack $gap={24}>
            <Title>Email preferences</Title>
            {status && STATUS_TEXT[status] && <Notice role="status">{STATUS_TEXT[status]}</Notice>}
            {!preferences ? (
              <>
                <Notice $tone="error" role="alert">
                  {INVALID_LINK}
                </Notice>
                <ButtonLink href="/">Back to Home</ButtonLink>
              </>
            ) : (
              <>
                <Lead>Emails to {preferences.email}</Lead>
                <Form method="post" action="/api/email/unsubscribe">
                  <Subheading>Unsubscribe</Subheading>
                  <input type="hidden" name="token" value={token} />
                  <Button type="submit" $variant="secondary">
                    Unsubscribe from all
                  </Button>
                </Form>
                <Form method="post" action="/api/email/preferences">
                  <Subheading>Choose what you receive</Subheading>
                  <input type="hidden" name="token" value={token} />
                  {KINDS.map((kind) => (
                    <CheckRow key={kind.name}>
                      <input
                        type="checkbox"
                        name={kind.name}
                        defaultChecked={preferences[kind.name]}
                      />
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
                </Form>
                <Form method="post" action="/api/email/data-request">
                  <Subheading>Your data</Subheading>
                  <Lead>
                    Get a copy of everything we hold about {preferences.email}, or have all of it
                    erased. We email you a link to confirm either.
                  </Lead>
                  <input type="hidden" name="token" value={token} />
                  <Button type="submit" name="kind" value="export" $variant="secondary">
                    Email me a copy of my data
                  </Button>
                  <Button type="submit" name="kind" value="erase" $variant="secondary">
                    Erase my data
                  </Button>
                </Form>
              </>
            )}
          </Stack>
        </Container>
      </Section>
    </Page>
  )
}
