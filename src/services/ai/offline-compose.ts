import { CONTACT_SUBJECTS } from '@/lib/constants'
import { htmlToText } from '@/lib/email/html-text'
import type { BrandFacts } from '@/services/content/brand-facts'

import type { ComposeChatInput, ReplyDraftInput, SubjectInput } from './types'

/** Templates the offline assistant fills; no model, so nothing here pretends to understand. */

const firstName = (name?: string) => name?.trim().split(/\s+/)[0] || 'Friend'

const subjectLabel = (subject?: string) =>
  CONTACT_SUBJECTS.find((option) => option.value === subject?.trim().toLowerCase())?.label ??
  subject?.trim()

const TOPIC_LINES: [RegExp, string][] = [
  [
    /collaborat|partner/i,
    'We love hearing about ideas for working together, and we are looking at what you shared to see how it could fit with what we are building.',
  ],
  [
    /mentor|guidance/i,
    'Thank you for trusting us with your request for guidance. We want to give it the thoughtful answer it deserves.',
  ],
  [
    /media|speak|press|podcast|interview/i,
    'Thank you for thinking of us for your media or speaking opportunity. We are checking the details and our calendar.',
  ],
  [
    /community/i,
    'Community is at the heart of everything we do, and we are glad you want to be part of building it.',
  ],
  [
    /feedback|suggest/i,
    'Your feedback genuinely shapes what we make next, and we have shared it with the team.',
  ],
]

const topicLine = (subject: string | undefined, message: string) =>
  TOPIC_LINES.find(([pattern]) => pattern.test(subject ?? ''))?.[1] ??
  TOPIC_LINES.find(([pattern]) => pattern.test(message))?.[1] ??
  'We have read your message carefully and will come back to you personally.'

const bookLine = (brand: BrandFacts, message: string) => {
  const book = brand.books[0]
  if (!book || !/\b(book|read|dune|story|stories|child|kid)/i.test(message)) return ''
  const details = [book.series, book.ages && `ages ${book.ages}`].filter(Boolean).join(', ')
  return `If you would like to explore our first book, "${book.title}"${details ? ` (${details})` : ''}${book.storeUrl ? `, you can find it here: ${book.storeUrl}` : ''}.`
}

const linksLine = (brand: BrandFacts) =>
  brand.linkHubUrl
    ? `You can find all our news and social profiles at ${brand.linkHubUrl}.`
    : `You can find our latest news at ${brand.siteUrl}.`

export const offlineReplyDraft = (input: ReplyDraftInput) => {
  const about = subjectLabel(input.originalSubject)
  return [
    `Dear ${firstName(input.senderName)},`,
    `Thank you for reaching out to Starfinity${about ? ` about "${about}"` : ''}. ${topicLine(input.originalSubject, input.originalMessage)}`,
    bookLine(input.brand, input.originalMessage),
    `We will follow up personally within 24-48 hours. In the meantime, ${linksLine(input.brand).replace(/^You/, 'you')}`,
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** "Write a newsletter about the new song" -> "the new song". */
const topicOf = (message: string) =>
  message
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(
      /^(please\s+)?(can you\s+|could you\s+)?(write|draft|compose|create|make|prepare|announce|tell (them|everyone|people)|let (them|everyone|people) know)\s+(me\s+)?(an?\s+|the\s+)?((short|quick|warm|friendly)\s+)?(newsletter|broadcast|announcement|email|e-mail|reply|message)?\s*(about|on|for|regarding|announcing|that)?\s*/i,
      '',
    )
    .trim() || 'news from the Starfinity universe'

const OPENINGS = {
  newsletter: (topic: string) =>
    `Welcome to the latest news from the Starfinity universe! This time we want to share ${topic} with you.`,
  broadcast: (topic: string) => `We have news we could not wait to share: ${topic}.`,
  reply: (topic: string) => `Thank you for your message. We wanted to write to you about ${topic}.`,
} as const

export const offlineComposeDraft = (input: ComposeChatInput) => {
  const book = input.brand.books[0]
  return [
    'Dear Friend,',
    OPENINGS[input.type](topicOf(input.message)),
    book && input.type !== 'reply'
      ? `If you have not met Dune yet, "${book.title}" is waiting for you${book.storeUrl ? `: ${book.storeUrl}` : '.'}`
      : '',
    input.type === 'reply'
      ? input.brand.responsePromise
      : `Thank you for being part of a community that believes the future is human. ${linksLine(input.brand)}`,
  ]
    .filter(Boolean)
    .join('\n\n')
}

const FALLBACK_SUBJECTS = {
  newsletter: 'News from the Starfinity Universe',
  broadcast: 'An Update from Starfinity',
  reply: 'Re: Your message to Starfinity',
} as const

/**
 * HTML (tags or entities) becomes text through the emails' own converter; plain text keeps its
 * line breaks.
 */
const plainText = (content: string) =>
  /<[a-z!/][^>]*>|&(#\d+|#x[\da-f]+|[a-z]+);/i.test(content) ? htmlToText(content) : content

const GREETING = /^(dear|hi|hello|hey|greetings|welcome back)\b[^\n]*[,!]?$/i

/** A subject drawn from the content: its heading, or its first real sentence, cut at a word. */
export const offlineSubject = (input: SubjectInput) => {
  const heading = /<h[12][^>]*>([\s\S]*?)<\/h[12]>/i.exec(input.content)?.[1]
  const lines = plainText(heading ?? input.content)
    .split('\n')
    .map((line) =>
      line
        .replace(/^#+\s*/, '')
        // A link's address, which the text part shows after its label, is no part of a subject.
        .replace(/\s*\(https?:\/\/[^\s)]+\)/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line && !GREETING.test(line))
  const sentence = lines[0]?.split(/(?<=[.!?])\s/)[0]?.replace(/[.:;,]+$/, '')
  if (!sentence || sentence.length < 4) return FALLBACK_SUBJECTS[input.type]
  if (sentence.length <= 70) return sentence
  return `${sentence.slice(0, 70).replace(/\s+\S*$/, '')}…`
}
