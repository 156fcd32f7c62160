'use client'

import { useState } from 'react'

import { AI_NOTICES } from '@/schemas/ai'

import { apiFetch } from '../api'
import { notifyError } from '../notify'
import { Button, Label, Muted, Panel, Pre, Row, Textarea } from '../ui'

export function AnalyticsTab() {
  const [question, setQuestion] = useState('')
  const [answer, setAnswer] = useState<string | null>(null)
  const [isAsking, setAsking] = useState(false)

  const ask = async () => {
    if (!question.trim()) return
    setAsking(true)
    try {
      const result = await apiFetch<{ response: string }>('/api/admin/ai/analytics', {
        body: { query: question },
      })
      setAnswer(result.response)
    } catch (error) {
      notifyError(AI_NOTICES.analyticsError.title, error)
    } finally {
      setAsking(false)
    }
  }

  return (
    <Panel aria-label="AI Analytics">
      <Muted>
        Ask about signups, subscribers, messages and visits; the answer is computed from the
        site&apos;s figures.
      </Muted>
      <Label>
        Question
        <Textarea
          rows={3}
          value={question}
          placeholder="How did waitlist signups develop over the last 30 days?"
          onChange={(event) => setQuestion(event.target.value)}
        />
      </Label>
      <Row>
        <Button variant="primary" mutates disabled={isAsking || !question.trim()} onClick={ask}>
          {isAsking ? 'Analyzing...' : 'Ask AI'}
        </Button>
      </Row>
      {answer && <Pre aria-label="AI answer">{answer}</Pre>}
    </Panel>
  )
}
