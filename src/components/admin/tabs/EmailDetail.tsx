'use client'

import styled from 'styled-components'

import { Modal } from '@/components/Modal'
import { formatDateTime, labelOf } from '../parts'
import type { EmailLog } from '../types'
import { Dl, Pre } from '../ui'

/** The email detail dialog; HTML is shown in a sandboxed frame where no script can run. */
export function EmailDetail({ email, onClose }: { email: EmailLog | null; onClose: () => void }) {
  return (
    <Modal isOpen={email !== null} onClose={onClose} look="admin" label="Email details">
      {email && (
        <>
          <Dl>
            <dt>To</dt>
            <dd>{email.toEmail}</dd>
            <dt>From</dt>
            <dd>{email.fromEmail}</dd>
            <dt>Sent</dt>
            <dd>{formatDateTime(email.sentAt)}</dd>
            <dt>Type</dt>
            <dd>{labelOf(email.emailType)}</dd>
            <dt>Subject</dt>
            <dd>{email.subject}</dd>
          </Dl>
          <strong>Message</strong>
          <Pre>{email.message ?? '—'}</Pre>
          {email.htmlContent && (
            <>
              <strong>HTML content</strong>
              <HtmlFrame title="HTML content" sandbox="" srcDoc={email.htmlContent} />
            </>
          )}
          <Dl>
            <dt>Tags</dt>
            <dd>{email.tags.join(', ') || '—'}</dd>
            <dt>Notes</dt>
            <dd>{email.notes ?? '—'}</dd>
          </Dl>
        </>
      )}
    </Modal>
  )
}

const HtmlFrame = styled.iframe`
  width: 100%;
  height: 320px;
  border: 1px solid var(--theme-elevation-150);
  border-radius: var(--style-radius-s, 4px);
  background: #fff;
`
