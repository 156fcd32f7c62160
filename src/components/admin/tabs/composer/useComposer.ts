'use client'

import { useReducer } from 'react'

import { AI_NOTICES, type COMPOSE_TYPES } from '@/schemas/ai'

import { apiFetch } from '../../api'
import { notifyError, notifyInvalid, notifySuccess } from '../../notify'

export type ChatMessage = { role: 'user' | 'assistant'; content: string; timestamp: string }
export type ComposeType = (typeof COMPOSE_TYPES)[number]

/** Spec §5: content is HTML when it has an html or div opening tag. */
export const isHtmlContent = (content: string) => /<(html|div)[\s>]/i.test(content)

type Draft = {
  type: ComposeType
  history: ChatMessage[]
  input: string
  isBusy: boolean
  subject: string
  content: string
  recipientType: string
  to: string
  /** A local date and time (datetime-local) to send a group email later; empty sends now. */
  scheduledAt: string
  /** One campaign per draft: sending the unchanged draft again is the same campaign (not resent). */
  campaignKey: string
}

type Fields = Pick<
  Draft,
  'type' | 'input' | 'subject' | 'content' | 'recipientType' | 'to' | 'scheduledAt'
>

/** A change to any of these makes the draft a new campaign. */
const CAMPAIGN_FIELDS: (keyof Fields)[] = ['subject', 'content', 'recipientType', 'scheduledAt']

/** A random UUID (v4); crypto.randomUUID exists only in secure contexts (https, localhost). */
const newCampaignKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

type Action =
  | { kind: 'set'; field: keyof Fields; value: string }
  | { kind: 'busy'; isBusy: boolean }
  | { kind: 'said'; message: ChatMessage }

const INITIAL: Draft = {
  type: 'newsletter',
  history: [],
  input: '',
  isBusy: false,
  subject: '',
  content: '',
  recipientType: 'individual',
  to: '',
  scheduledAt: '',
  campaignKey: '',
}

const reduce = (draft: Draft, action: Action): Draft => {
  switch (action.kind) {
    case 'set':
      return {
        ...draft,
        [action.field]: action.value,
        campaignKey: CAMPAIGN_FIELDS.includes(action.field) ? newCampaignKey() : draft.campaignKey,
      }
    case 'busy':
      return { ...draft, isBusy: action.isBusy }
    case 'said':
      return { ...draft, history: [...draft.history, action.message] }
  }
}

/** The composer's one draft (chat, subject, content, recipients) and the three calls it makes. */
export function useComposer() {
  const [draft, dispatch] = useReducer(reduce, INITIAL, (initial) => ({
    ...initial,
    campaignKey: newCampaignKey(),
  }))
  const set = (field: keyof Fields, value: string) => dispatch({ kind: 'set', field, value })

  const busyWhile = async (title: string, work: () => Promise<void>) => {
    dispatch({ kind: 'busy', isBusy: true })
    try {
      await work()
    } catch (error) {
      notifyError(title, error)
    } finally {
      dispatch({ kind: 'busy', isBusy: false })
    }
  }

  const sendChat = async () => {
    const message = draft.input.trim()
    if (!message) return
    dispatch({
      kind: 'said',
      message: { role: 'user', content: message, timestamp: new Date().toISOString() },
    })
    set('input', '')
    await busyWhile(AI_NOTICES.chatError.title, async () => {
      const answer = await apiFetch<{ response: string; timestamp: string }>('/api/admin/ai/chat', {
        body: {
          message,
          type: draft.type,
          context: draft.content || undefined,
          conversationHistory: draft.history,
        },
      })
      dispatch({
        kind: 'said',
        message: { role: 'assistant', content: answer.response, timestamp: answer.timestamp },
      })
    })
  }

  const generateSubject = async () => {
    if (!draft.content.trim()) return notifyInvalid(AI_NOTICES.noContent)
    await busyWhile(AI_NOTICES.subjectError.title, async () => {
      const answer = await apiFetch<{ subject: string }>('/api/admin/ai/subject', {
        body: { content: draft.content, type: draft.type },
      })
      set('subject', answer.subject)
      notifySuccess(AI_NOTICES.subjectGenerated.title, answer.subject)
    })
  }

  const send = async () => {
    const { subject, content, recipientType, to, scheduledAt, campaignKey } = draft
    if (!subject.trim() || !content.trim()) return notifyInvalid(AI_NOTICES.missingInformation)
    if (recipientType === 'individual' && !to.trim())
      return notifyInvalid(AI_NOTICES.missingRecipient)
    await busyWhile(AI_NOTICES.sendError.title, async () => {
      const isGroup = recipientType !== 'individual'
      const answer = await apiFetch<{ message: string }>('/api/admin/ai/send-composed', {
        body: {
          recipientType,
          to: isGroup ? undefined : to,
          subject,
          content,
          isHtml: isHtmlContent(content),
          // A group send is a campaign, worked in the background (its progress: Email Manager).
          ...(isGroup
            ? {
                campaignKey,
                scheduledAt: scheduledAt ? new Date(scheduledAt).toISOString() : undefined,
              }
            : {}),
        },
      })
      notifySuccess(AI_NOTICES.emailSent.title, answer.message)
    })
  }

  return { draft, set, sendChat, generateSubject, send }
}

export type Composer = ReturnType<typeof useComposer>
