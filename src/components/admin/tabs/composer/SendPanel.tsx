'use client'

import { RECIPIENT_TYPES } from '@/schemas/ai'

import { Button, Input, Label, Muted, Row, Select } from '../../ui'
import { type Composer, isHtmlContent } from './useComposer'

/** Who receives the draft, a summary of it, and the send. */
export function SendPanel({ composer }: { composer: Composer }) {
  const { draft, set, send } = composer
  const { content } = draft
  return (
    <>
      <Label>
        Recipients
        <Select
          value={draft.recipientType}
          onChange={(event) => set('recipientType', event.target.value)}
        >
          {RECIPIENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </Label>
      {draft.recipientType === 'individual' && (
        <Label>
          Recipient email
          <Input
            type="email"
            value={draft.to}
            onChange={(event) => set('to', event.target.value)}
          />
        </Label>
      )}
      {draft.recipientType !== 'individual' && (
        <Label>
          Send at (optional; empty sends now)
          <Input
            type="datetime-local"
            value={draft.scheduledAt}
            onChange={(event) => set('scheduledAt', event.target.value)}
          />
        </Label>
      )}
      <Muted>Subject: {draft.subject || '—'}</Muted>
      <Muted>
        Content:{' '}
        {content ? `${content.length} characters${isHtmlContent(content) ? ' (HTML)' : ''}` : '—'}
      </Muted>
      <Row>
        <Button variant="primary" mutates disabled={draft.isBusy} onClick={send}>
          {draft.isBusy ? 'Sending...' : 'Send Email'}
        </Button>
      </Row>
    </>
  )
}
