import { escapeHtml } from './html-text'

/** What a visitor agrees to when signing up for the newsletter (kept with each consent record). */
export const NEWSLETTER_CONSENT_TEXT =
  'I would like to receive the Starfinity newsletter by email. I can unsubscribe at any time with the link in every newsletter.'

/** What a subscriber agrees to when pressing the button on the confirmation page. */
export const NEWSLETTER_CONFIRM_TEXT = 'Yes, send me the Starfinity newsletter.'

export const CONFIRM_INVALID =
  'This confirmation link is invalid, has already been used or has expired. Sign up again to get a new one.'

/** The double opt-in email: a link to the confirmation page (which confirms only with a POST). */
export const confirmationEmail = (link: string, hours: number, firstName?: string | null) => {
  const greeting = `Dear ${firstName?.trim() || 'Friend'},`
  const text = [
    greeting,
    '',
    'Please confirm that you would like to receive the Starfinity newsletter:',
    link,
    '',
    `The link is valid for ${hours} hours. If you did not sign up, ignore this email and you will hear nothing more from us.`,
    '',
    'With cosmic love,',
    'The Starfinity Team',
  ].join('\n')
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    '<p>Please confirm that you would like to receive the Starfinity newsletter:</p>' +
    `<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>` +
    `<p>The link is valid for ${hours} hours. If you did not sign up, ignore this email and you will hear nothing more from us.</p>` +
    '<p>With cosmic love,<br>The Starfinity Team</p>'
  return { subject: 'Please confirm your Starfinity newsletter subscription', text, html }
}
