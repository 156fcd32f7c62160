/**
 * The pages an emailed link opens (waitlist confirm and status, newsletter confirm, email
 * preferences, your data): one frame, and the small pieces that plain HTML forms need.
 */
import type { Metadata } from 'next'
import type { ComponentProps, ReactNode } from 'react'

import {
  ButtonLink,
  Centered,
  Container,
  Page,
  Section,
  Stack,
  Title,
  classes,
} from '@/components/site/ui'
import { pageMetadata } from '@/lib/metadata'

import styles from './EmailLinkPage.module.css'

/** Such a page is personal (its link carries a token): never indexed. */
export const emailLinkMetadata = (title: string, path: string): Metadata => ({
  ...pageMetadata({ title, path }),
  robots: { index: false, follow: false },
})

/**
 * The frame: a narrow column under the page's title. A `message` (a confirmation, a place in
 * line) is centred; a `form` page (preferences, your data) reads left-aligned, spaced wider.
 */
export function EmailLinkPage({
  title,
  layout,
  children,
}: {
  title: ReactNode
  layout: 'message' | 'form'
  children: ReactNode
}) {
  const column = (
    <Stack $gap={layout === 'message' ? 20 : 24}>
      <Title>{title}</Title>
      {children}
    </Stack>
  )
  return (
    <Page>
      <Section>
        <Container $narrow>
          {layout === 'message' ? <Centered>{column}</Centered> : column}
        </Container>
      </Section>
    </Page>
  )
}

export const Form = ({ className, ...props }: ComponentProps<'form'>) => (
  <form className={classes(styles.form, className)} {...props} />
)

/** A form that posts the link's token to `action` (only a POST acts, never the link itself). */
export const TokenForm = ({
  action,
  token,
  children,
}: {
  action: string
  token: string | undefined
  children: ReactNode
}) => (
  <Form method="post" action={action}>
    <input type="hidden" name="token" value={token} />
    {children}
  </Form>
)

export const CheckRow = ({ className, ...props }: ComponentProps<'label'>) => (
  <label className={classes(styles.checkRow, className)} {...props} />
)

export const Notice = ({
  $tone,
  className,
  ...props
}: ComponentProps<'p'> & { $tone?: 'ok' | 'error' }) => (
  <p className={classes(styles.notice, $tone === 'error' && styles.error, className)} {...props} />
)

/** A link that no longer opens anything: why, and where to go instead. */
export const InvalidLink = ({
  message,
  href,
  label,
}: {
  message: ReactNode
  href: string
  label: string
}) => (
  <>
    <Notice $tone="error" role="alert">
      {message}
    </Notice>
    <ButtonLink href={href}>{label}</ButtonLink>
  </>
)

export const FieldLabel = ({ className, ...props }: ComponentProps<'label'>) => (
  <label className={classes(styles.fieldLabel, className)} {...props} />
)
