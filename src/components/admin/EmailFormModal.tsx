'use client'

import { type ReactNode, useState } from 'react'

import { adminEmailSchema } from '@/schemas/admin'

import { apiFetch } from './api'
import { Modal } from '@/components/Modal'
import { notifyError, notifySuccess } from './notify'
import { Button, Input, Label, Row, Textarea } from './ui'

type Draft = { subject: string; message: string }

/**
 * The reply and waitlist-email dialogs: subject and message, both required ('Please fill in all
 * fields'); the fields clear on a successful send or on cancel.
 */
export function EmailFormModal({
  title,
  isOpen,
  onClose,
  ...form
}: EmailFormProps & { title: string; isOpen: boolean }) {
  // The dialog mounts its form per opening, so the fields start from `initial` and clear on close.
  return (
    <Modal isOpen={isOpen} onClose={onClose} look="admin" label={title}>
      <EmailForm {...form} onClose={onClose} />
    </Modal>
  )
}

type EmailFormProps = {
  initial: Draft
  endpoint: string
  notices: { success: string; failure: string }
  onClose: () => void
  onSent: () => void
  extra?: (setMessage: (message: string) => void) => ReactNode
}

function EmailForm({ initial, endpoint, notices, onClose, onSent, extra }: EmailFormProps) {
  const [draft, setDraft] = useState<Draft>(initial)
  const [isSending, setSending] = useState(false)

  const send = async () => {
    const parsed = adminEmailSchema.safeParse(draft)
    if (!parsed.success) {
      notifyError(parsed.error.issues[0].message)
      return
    }
    setSending(true)
    try {
      const answer = await apiFetch<{ success: boolean; message: string }>(endpoint, {
        body: parsed.data,
      })
      if (!answer.success) throw new Error(answer.message)
      notifySuccess(notices.success)
      onSent()
      onClose()
    } catch (error) {
      setSending(false)
      notifyError(notices.failure, error)
    }
  }

  return (
    <>
      <Label>
        Subject
        <Input
          value={draft.subject}
          onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
        />
      </Label>
      <Label>
        Message
        <Textarea
          rows={10}
          value={draft.message}
          onChange={(event) => setDraft({ ...draft, message: event.target.value })}
        />
      </Label>
      {extra?.((message) => setDraft((current) => ({ ...current, message })))}
      <Row>
        <Button variant="primary" mutates disabled={isSending} onClick={send}>
          {isSending ? 'Sending...' : 'Send'}
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </Row>
    </>
  )
}
