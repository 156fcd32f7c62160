import { escapeHtml } from './html-text'
import { SIGN_OFF_MARKER } from './sign-off'

/**
 * A paragraph of a signup email: text alone, or text with a link. In the plain-text part the link's
 * address stands on the line below the text; in the HTML part the link is a paragraph of its own
 * named `button`, the `label` at the end of the text, or else the address itself below the text.
 */
export type SignupParagraph =
  | string
  | { text: string; url: string; button: string }
  | { text: string; url: string; label: string }
  | { text: string; url: string }

const textLines = (paragraph: SignupParagraph) =>
  typeof paragraph === 'string' ? [paragraph] : [paragraph.text, paragraph.url]

const htmlParagraph = (paragraph: SignupParagraph) => {
  if (typeof paragraph === 'string') return `<p>${escapeHtml(paragraph)}</p>`
  const text = escapeHtml(paragraph.text)
  const link = (name: string) => `<a href="${escapeHtml(paragraph.url)}">${escapeHtml(name)}</a>`
  if ('button' in paragraph) return `<p>${text}</p><p>${link(paragraph.button)}</p>`
  if ('label' in paragraph) return `<p>${text} ${link(paragraph.label)}</p>`
  return `<p>${text}<br>${link(paragraph.url)}</p>`
}

/**
 * "Dear <name or Friend>,": the greeting of every signup email. A statement that mails a stored row
 * writes it in SQL from the same parts (services/shared/signup-mail.ts).
 */
export const GREETING = { opening: 'Dear ', nobody: 'Friend', closing: ',' } as const

/** Whom the greeting names: the name without surrounding white space, else "Friend". */
export const greetingName = (name?: string | null) => name?.trim() || GREETING.nobody

export const greetingOf = (name?: string | null) =>
  `${GREETING.opening}${greetingName(name)}${GREETING.closing}`

/**
 * The emails the waitlist and newsletter forms send: "Dear <name or Friend>," then the paragraphs,
 * then the sign-off, as plain text and as HTML.
 */
export const signupEmail = ({
  subject,
  name,
  paragraphs,
}: {
  subject: string
  name?: string | null
  paragraphs: SignupParagraph[]
}) => {
  const greeting = greetingOf(name)
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [...textLines(paragraph), '']),
    SIGN_OFF_MARKER,
    'The Starfinity Team',
  ].join('\n')
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    paragraphs.map(htmlParagraph).join('') +
    `<p>${SIGN_OFF_MARKER}<br>The Starfinity Team</p>`
  return { subject, text, html }
}
