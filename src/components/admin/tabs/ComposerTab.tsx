'use client'

import { useState } from 'react'
import styled from 'styled-components'

import { useNotify } from '@/components/site/notifications/Notifications'
import { AI_NOTICES, COMPOSE_TYPES, RECIPIENT_TYPES } from '@/schemas/ai'

import { apiFetch, errorText } from '../api'
import { DEMO_HINT, useIsDemo } from '../parts'
import { Button, Input, Label, Muted, Panel, Pre, Row, Select, Textarea } from '../ui'

type ChatMessage = { role: 'user' | 'assistant'; content: string; timestamp: string }
type ComposeType = (typeof COMPOSE_TYPES)[number]

const INNER_TABS = ['Chat & Compose', 'Email Preview', 'Send Email'] as const
/** Spec §5: content is HTML when it has an html or div opening tag. */
const isHtmlContent = (content: string) => /<(html|div)[\s>]/i.test(content)

export function ComposerTab() {
  const notify = useNotify()
  const isDemo = useIsDemo()
  const [inner, setInner] = useState<(typeof INNER_TABS)[number]>('Chat & Compose')
  const [type, setType] = useState<ComposeType>('newsletter')
  const [history, setHistory] = useState<ChatMessage[]>([])
  const [input, setInput] = useState('')
  const [isBusy, setBusy] = useState(false)
  const [subject, setSubject] = useState('')
  const [content, setContent] = useState('')
  const [recipientType, setRecipientType] = useState<string>('individual')
  const [to, setTo] = useState('')

  const fail = (title: string, error: unknown) =>
    notify({ title, description: errorText(error), variant: 'destructive' })

  const sendChat = async () => {
    const message = input.trim()
    if (!message) return
    const mine: ChatMessage = {
      role: 'user',
      content: message,
      timestamp: new Date().toISOString(),
    }
    setHistory((current) => [...current, mine])
    setInput('')
    setBusy(true)
    try {
      const answer = await apiFetch<{ response: string; timestamp: string }>('/api/admin/ai/chat', {
        body: { message, type, context: content || undefined, conversationHistory: history },
      })
      setHistory((current) => [
        ...current,
        { role: 'assistant', content: answer.response, timestamp: answer.timestamp },
      ])
    } catch (error) {
      fail(AI_NOTICES.chatError.title, error)
    } finally {
      setBusy(false)
    }
  }

  const generateSubject = async () => {
    if (!content.trim()) return notify({ ...AI_NOTICES.noContent, variant: 'destructive' })
    setBusy(true)
    try {
      const answer = await apiFetch<{ subject: string }>('/api/admin/ai/subject', {
        body: { content, type },
      })
      setSubject(answer.subject)
      notify({ ...AI_NOTICES.subjectGenerated, description: answer.subject })
    } catch (error) {
      fail(AI_NOTICES.subjectError.title, error)
    } finally {
      setBusy(false)
    }
  }

  const send = async () => {
    if (!subject.trim() || !content.trim())
      return notify({ ...AI_NOTICES.missingInformation, variant: 'destructive' })
    if (recipientType === 'individual' && !to.trim())
      return notify({ ...AI_NOTICES.missingRecipient, variant: 'destructive' })
    setBusy(true)
    try {
      const answer = await apiFetch<{ message: string }>('/api/admin/ai/send-composed', {
        body: {
          recipientType,
          to: recipientType === 'individual' ? to : undefined,
          subject,
          content,
          isHtml: isHtmlContent(content),
        },
      })
      notify({ ...AI_NOTICES.emailSent, description: answer.message })
    } catch (error) {
      fail(AI_NOTICES.sendError.title, error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel aria-label="AI Email Composer">
      <Row role="tablist" aria-label="Composer steps">
        {INNER_TABS.map((name) => (
          <Button
            key={name}
            type="button"
            role="tab"
            aria-selected={inner === name}
            $variant={inner === name ? 'primary' : 'secondary'}
            onClick={() => setInner(name)}
          >
            {name}
          </Button>
        ))}
        <Select
          aria-label="Email type"
          value={type}
          onChange={(event) => setType(event.target.value as ComposeType)}
        >
          {COMPOSE_TYPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </Row>

      {inner === 'Chat & Compose' && (
        <>
          <ChatPane aria-label="Conversation" aria-live="polite">
            {history.length === 0 && (
              <Muted>Describe the email you want; the assistant drafts it with you.</Muted>
            )}
            {history.map((message, index) => (
              <Bubble key={index} data-role={message.role}>
                <Pre>{message.content}</Pre>
                {message.role === 'assistant' && (
                  <Button type="button" onClick={() => setContent(message.content)}>
                    Use as email content
                  </Button>
                )}
              </Bubble>
            ))}
          </ChatPane>
          <Textarea
            aria-label="Message to the assistant"
            rows={3}
            value={input}
            placeholder="Write a newsletter about the new book chapter… (Enter sends, Shift+Enter breaks the line)"
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault()
                void sendChat()
              }
            }}
          />
          <Row>
            <Button
              type="button"
              $variant="primary"
              $demo={isDemo}
              title={isDemo ? DEMO_HINT : undefined}
              disabled={isBusy}
              onClick={sendChat}
            >
              {isBusy ? 'Thinking...' : 'Send to AI'}
            </Button>
          </Row>
        </>
      )}

      {inner === 'Email Preview' && (
        <>
          <Row>
            <Label style={{ flex: 1 }}>
              Subject
              <Input value={subject} onChange={(event) => setSubject(event.target.value)} />
            </Label>
            <Button
              type="button"
              $demo={isDemo}
              disabled={isBusy}
              onClick={generateSubject}
              style={{ alignSelf: 'end' }}
            >
              Generate Subject
            </Button>
          </Row>
          <Label>
            Content
            <Textarea
              rows={10}
              value={content}
              onChange={(event) => setContent(event.target.value)}
            />
          </Label>
          <strong>Preview</strong>
          {isHtmlContent(content) ? (
            <PreviewFrame title="Email preview" sandbox="" srcDoc={content} />
          ) : (
            <Pre>{content || 'Nothing to preview yet.'}</Pre>
          )}
        </>
      )}

      {inner === 'Send Email' && (
        <>
          <Label>
            Recipients
            <Select
              value={recipientType}
              onChange={(event) => setRecipientType(event.target.value)}
            >
              {RECIPIENT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </Label>
          {recipientType === 'individual' && (
            <Label>
              Recipient email
              <Input type="email" value={to} onChange={(event) => setTo(event.target.value)} />
            </Label>
          )}
          <Muted>Subject: {subject || '—'}</Muted>
          <Muted>
            Content:{' '}
            {content
              ? `${content.length} characters${isHtmlContent(content) ? ' (HTML)' : ''}`
              : '—'}
          </Muted>
          <Row>
            <Button
              type="button"
              $variant="primary"
              $demo={isDemo}
              title={isDemo ? DEMO_HINT : undefined}
              disabled={isBusy}
              onClick={send}
            >
              {isBusy ? 'Sending...' : 'Send Email'}
            </Button>
          </Row>
        </>
      )}
    </Panel>
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

const PreviewFrame = styled.iframe`
  width: 100%;
  height: 360px;
  border: 1px solid var(--theme-elevation-150);
  background: #fff;
`
