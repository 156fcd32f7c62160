'use client'

import { useState } from 'react'

import { EMAIL_PREVIEW_LENGTH } from '@/lib/constants'
import { AI_NOTICES } from '@/schemas/ai'

import { DEMO_HINT, useIsDemo } from '../access'
import { apiFetch, useAdmin } from '../api'
import { AdminList, Clip } from '../list/AdminList'
import { patchRow, useAdminList } from '../list/useAdminList'
import { notifyError } from '../notify'
import { formatDateTime, labelOf } from '../parts'
import type { EmailLog, EmailStats } from '../types'
import { Button, Input, Pill, Pre, Row } from '../ui'
import { CampaignsPanel } from './CampaignsPanel'
import { EmailDetail } from './EmailDetail'

export const EMAIL_FILTERS = ['all', 'reply', 'newsletter', 'broadcast', 'confirmation'] as const

const preview = (text: string | null) =>
  !text
    ? '—'
    : text.length > EMAIL_PREVIEW_LENGTH
      ? `${text.slice(0, EMAIL_PREVIEW_LENGTH)}...`
      : text

export function EmailManagerTab() {
  const isDemo = useIsDemo()
  const state = useAdminList<EmailLog, { type: string }>('emails', { type: 'all' })
  const [shown, setShown] = useState<EmailLog | null>(null)
  const stats = useAdmin<{ data: EmailStats }>('/api/admin/emails/stats')

  const toggleOpened = (email: EmailLog) =>
    patchRow(
      `/api/admin/emails/${email.id}/email-opened`,
      { opened: !email.emailOpened },
      'Email status updated',
      state.list.mutate,
    )

  return (
    <AdminList
      label="Email Manager"
      state={state}
      stats={[
        { label: 'Emails sent', value: stats.data?.data.total },
        { label: 'AI generated', value: stats.data?.data.aiGenerated },
      ]}
      intro={
        <>
          <CampaignsPanel
            onProgress={() => {
              void state.list.mutate()
              void stats.mutate()
            }}
          />
          <EmailAnalysis />
        </>
      }
      filters={[
        {
          name: 'type',
          label: 'Email type',
          options: EMAIL_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? 'All types' : labelOf(value),
          })),
        },
      ]}
      search={{ label: 'Search emails', placeholder: 'Search address or subject' }}
      empty="No emails found"
      columns={[
        { header: 'To', cell: (email) => email.toEmail },
        {
          header: 'Subject and preview',
          cell: (email) => (
            <>
              <strong>
                <Clip>{email.subject}</Clip>
              </strong>
              <Clip>{preview(email.message)}</Clip>
            </>
          ),
        },
        {
          header: 'Type',
          cell: (email) => (
            <Row>
              <Pill>{labelOf(email.emailType)}</Pill>
              {email.aiGenerated && <Pill>AI</Pill>}
            </Row>
          ),
        },
        { header: 'Sent', cell: (email) => formatDateTime(email.sentAt) },
        {
          header: 'Opened',
          cell: (email) => (
            <label
              className={isDemo ? 'admin-demo' : undefined}
              title={isDemo ? DEMO_HINT : undefined}
            >
              <input
                type="checkbox"
                checked={email.emailOpened}
                aria-label={`Opened: ${email.subject}`}
                onChange={() => toggleOpened(email)}
              />{' '}
              {email.emailOpened ? 'Opened' : 'Not opened'}
            </label>
          ),
        },
        {
          header: 'Details',
          cell: (email) => <Button onClick={() => setShown(email)}>View</Button>,
        },
      ]}
    >
      <EmailDetail email={shown} onClose={() => setShown(null)} />
    </AdminList>
  )
}

/** Questions about the sent emails, answered by the AI from the email log. */
function EmailAnalysis() {
  const [question, setQuestion] = useState('')
  const [analysis, setAnalysis] = useState<string | null>(null)
  const [isAnalyzing, setAnalyzing] = useState(false)

  const analyze = async () => {
    if (!question.trim()) return
    setAnalyzing(true)
    try {
      const answer = await apiFetch<{ data: { analysis: string } }>('/api/admin/emails/analyze', {
        body: { query: question },
      })
      setAnalysis(answer.data.analysis)
    } catch (error) {
      const { title, description } = AI_NOTICES.analysisFailed
      notifyError(title, error, description)
    } finally {
      setAnalyzing(false)
    }
  }

  return (
    <>
      <Row>
        <Input
          style={{ flex: 1, minWidth: 200 }}
          aria-label="Ask about the emails"
          placeholder="Ask about the emails, e.g. which subjects were opened most?"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void analyze()
          }}
        />
        <Button mutates disabled={isAnalyzing || !question.trim()} onClick={analyze}>
          {isAnalyzing ? 'Analyzing...' : 'Analyze'}
        </Button>
      </Row>
      {analysis && <Pre aria-label="Analysis">{analysis}</Pre>}
    </>
  )
}
