'use client'

import styled from 'styled-components'

import { Button, Muted, Pre, Row, Textarea } from '../../ui'
import type { Composer } from './useComposer'

/** The conversation with the assistant; an answer can become the email's content. */
export function ChatPanel({ composer }: { composer: Composer }) {
  const { draft, set, sendChat } = composer
  return (
    <>
      <ChatPane aria-label="Conversation" aria-live="polite">
        {draft.history.length === 0 && (
          <Muted>Describe the email you want; the assistant drafts it with you.</Muted>
        )}
        {draft.history.map((message, index) => (
          <Bubble key={index} data-role={message.role}>
            <Pre>{message.content}</Pre>
            {message.role === 'assistant' && (
              <Button onClick={() => set('content', message.content)}>Use as email content</Button>
            )}
          </Bubble>
        ))}
      </ChatPane>
      <Textarea
        aria-label="Message to the assistant"
        rows={3}
        value={draft.input}
        placeholder="Write a newsletter about the new book chapter… (Enter sends, Shift+Enter breaks the line)"
        onChange={(event) => set('input', event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault()
            void sendChat()
          }
        }}
      />
      <Row>
        <Button variant="primary" mutates disabled={draft.isBusy} onClick={sendChat}>
          {draft.isBusy ? 'Thinking...' : 'Send to AI'}
        </Button>
      </Row>
    </>
  )
}

const ChatPane = styled.div`
  display: grid;
  align-content: start;
  gap: 10px;
  height: 384px;
  overflow-y: auto;
  padding: 10px;
  border: 1px solid var(--theme-elevation-150);
  border-radius: var(--style-radius-s, 4px);
`

const Bubble = styled.div`
  display: grid;
  gap: 6px;
  justify-items: start;
  max-width: 90%;
  &[data-role='user'] {
    justify-self: end;
    justify-items: end;
  }
`
