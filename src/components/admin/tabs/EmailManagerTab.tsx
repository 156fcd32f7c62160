'use client'

import { useState } from 'react'

import { useNotify } from '@/components/site/notifications/Notifications'
import { EMAIL_PREVIEW_LENGTH } from '@/lib/constants'
import { AI_NOTICES } from '@/schemas/ai'

import { type Page, adminPath, apiFetch, errorText, useAdmin } from '../api'
import { DEMO_HINT, DataState, Pager, formatDateTime, useIsDemo, SearchBox } from '../parts'
import {
  Button,
  Input,
  Panel,
  Pill,
  Pre,
  Row,
  Select,
  Stat,
  StatGrid,
  Table,
  TableWrap,
} from '../ui'
import { EmailDetail, type EmailLog } from './EmailDetail'

export const EMAIL_FILTERS = ['all', 'reply', 'newsletter', 'broadcast', 'confirmation'] as const

const preview = (text: string | null) =>
  !text
    ? '—'
    : text.length > EMAIL_PREVIEW_LENGTH
      ? `${text.slice(0, EMAIL_PREVIEW_LENGTH)}...`
      : text

export function EmailManagerTab() {
  const notify = useNotify()
  const isDemo = useIsDemo()
  const [type, setType] = useState('all')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [shown, setShown] = useState<EmailLog | null>(null)
  const [question, setQuestion] = useState('')
  const [analysis, setAnalysis] = useState<string | null>(null)
  const [isAnalyzing, setAnalyzing] = useState(false)

  const stats = useAdmin<{ data: { total: number; aiGenerated: number } }>(
    '/api/admin/emails/stats',
  )
  const list = useAdmin<Page<EmailLog>>(adminPath('emails', { type, search, page }))

  const toggleOpened = async (email: EmailLog) => {
    try {
      await apiFetch(`/api/admin/emails/${email.id}/email-opened`, {
        method: 'PATCH',
        body: { opened: !email.emailOpened },
      })
      notify({ title: 'Email status updated' })
      await list.mutate()
    } catch (error) {
      notify({ title: 'Update failed', description: errorText(error), variant: 'destructive' })
    }
  }

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
      notify({ title, description: errorText(error, description), variant: 'destructive' })
    } finally {
      setAnalyzing(false)
    }
  }

  return (
    <Panel aria-label="Email Manager">
      <StatGrid>
        <Stat label="Emails sent" value={stats.data?.data.total} />
        <Stat label="AI generated" value={stats.data?.data.aiGenerated} />
      </StatGrid>
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
        <Button
          type="button"
          $demo={isDemo}
          title={isDemo ? DEMO_HINT : undefined}
          disabled={isAnalyzing || !question.trim()}
          onClick={analyze}
        >
          {isAnalyzing ? 'Analyzing...' : 'Analyze'}
        </Button>
      </Row>
      {analysis && <Pre aria-label="Analysis">{analysis}</Pre>}
      <Row>
        <Select
          aria-label="Email type"
          value={type}
          onChange={(event) => {
            setType(event.target.value)
            setPage(1)
          }}
        >
          {EMAIL_FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? 'All types' : value}
            </option>
          ))}
        </Select>
        <SearchBox
          label="Search emails"
          placeholder="Search address or subject"
          value={search}
          onSearch={(value) => {
            setSearch(value)
            setPage(1)
          }}
        />
      </Row>
      <DataState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={list.data?.data.length === 0}
        empty="No emails found"
      >
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th>To</th>
                <th>Subject and preview</th>
                <th>Type</th>
                <th>Sent</th>
                <th>Opened</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.data.map((email) => (
                <tr key={email.id}>
                  <td>{email.toEmail}</td>
                  <td>
                    <strong>{email.subject}</strong>
                    <br />
                    {preview(email.message)}
                  </td>
                  <td>
                    <Pill>{email.emailType}</Pill> {email.aiGenerated && <Pill>AI</Pill>}
                  </td>
                  <td>{formatDateTime(email.sentAt)}</td>
                  <td>
                    <label
                      style={isDemo ? { opacity: 0.5 } : undefined}
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
                  </td>
                  <td>
                    <Button type="button" onClick={() => setShown(email)}>
                      View
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
        {list.data && <Pager {...list.data} onPage={setPage} />}
      </DataState>
      <EmailDetail email={shown} onClose={() => setShown(null)} />
    </Panel>
  )
}
