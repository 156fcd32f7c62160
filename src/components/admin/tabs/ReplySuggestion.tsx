'use client'

import { useState } from 'react'

import { AI_NOTICES } from '@/schemas/ai'

import { apiFetch } from '../api'
import { notifyError } from '../notify'
import { Button, Input, Label, Panel, Pre, Row } from '../ui'

export type ContactForReply = { name: string; subject: string; message: string }

/** 'AI Suggest' in the reply dialog: a suggestion panel with 'Use This' and 'Dismiss'. */
export function ReplySuggestion({
  contact,
  onUse,
}: {
  contact: ContactForReply
  onUse: (message: string) => void
}) {
  const [prompt, setPrompt] = useState('')
  const [suggestion, setSuggestion] = useState<string | null>(null)
  const [isThinking, setThinking] = useState(false)

  const suggest = async () => {
    setThinking(true)
    try {
      const answer = await apiFetch<{ data: { content: string } }>('/api/admin/ai/compose-reply', {
        body: {
          originalMessage: contact.message,
          senderName: contact.name,
          originalSubject: contact.subject,
          context: 'contact_reply',
          customPrompt: prompt || undefined,
        },
      })
      setSuggestion(answer.data.content)
    } catch (error) {
      const { title, description } = AI_NOTICES.replySuggestionError
      notifyError(title, error, description)
    } finally {
      setThinking(false)
    }
  }

  return (
    <>
      <Row style={{ alignItems: 'end' }}>
        <Label style={{ flex: 1 }}>
          Instructions for the AI (optional)
          <Input value={prompt} onChange={(event) => setPrompt(event.target.value)} />
        </Label>
        <Button mutates disabled={isThinking} onClick={suggest}>
          {isThinking ? 'Thinking...' : 'AI Suggest'}
        </Button>
      </Row>
      {suggestion !== null && (
        <Panel aria-label="AI suggestion">
          <Pre>{suggestion}</Pre>
          <Row>
            <Button
              variant="primary"
              onClick={() => {
                onUse(suggestion)
                setSuggestion(null)
              }}
            >
              Use This
            </Button>
            <Button onClick={() => setSuggestion(null)}>Dismiss</Button>
          </Row>
        </Panel>
      )}
    </>
  )
}
