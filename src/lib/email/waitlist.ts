import { escapeHtml } from './html-text'

/** What a person agrees to when pressing the button on the waitlist confirmation page. */
export const WAITLIST_CONFIRM_TEXT = 'Yes, this is my address. Keep my place in line.'

export const WAITLIST_CONFIRMED = 'Your place on the waitlist is confirmed.'

export const WAITLIST_CONFIRM_INVALID =
  'This confirmation link is invalid, has already been used or has been replaced by a newer one.'

/** A confirm link works EMAIL_CONFIRM_TTL_HOURS, as the newsletter's does. */
export const WAITLIST_CONFIRM_EXPIRED =
  'This confirmation link has expired. Join the waitlist again with the same address: we will email you a new link.'

export const WAITLIST_STATUS_INVALID =
  'This link is invalid or has been replaced by a newer one. Use the link in your latest waitlist email, or join the waitlist again with the same address to get it by email.'

/**
 * The waitlist confirmation email: the confirm link (its page confirms only with a POST), the link
 * to see one's place in line, and the referral link to share.
 */
export const waitlistConfirmationEmail = (links: {
  confirmUrl: string
  statusUrl: string
  referralUrl: string
  productLabel: string
  name?: string | null
  /** Hours the confirm link works. */
  hours: number
}) => {
  const greeting = `Dear ${links.name?.trim() || 'Friend'},`
  const intro = `Thank you for joining the ${links.productLabel} waitlist. Please confirm your address (the link works for ${links.hours} hours):`
  const share =
    'Share your personal link: each friend who joins through it and confirms their address moves you up the line.'
  const ignore = 'If you did not sign up, ignore this email and you will hear nothing more from us.'
  const text = [
    greeting,
    '',
    intro,
    links.confirmUrl,
    '',
    'Once confirmed, see your place in line at any time:',
    links.statusUrl,
    '',
    share,
    links.referralUrl,
    '',
    ignore,
    '',
    'With cosmic love,',
    'The Starfinity Team',
  ].join('\n')
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(links.confirmUrl)}">Confirm my place</a></p>` +
    '<p>Once confirmed, see your place in line at any time: ' +
    `<a href="${escapeHtml(links.statusUrl)}">my place in line</a></p>` +
    `<p>${escapeHtml(share)}<br><a href="${escapeHtml(links.referralUrl)}">${escapeHtml(links.referralUrl)}</a></p>` +
    `<p>${escapeHtml(ignore)}</p>` +
    '<p>With cosmic love,<br>The Starfinity Team</p>'
  return { subject: `Please confirm your place on the ${links.productLabel} waitlist`, text, html }
}

/**
 * To a confirmed entry whose address was entered on the waitlist form again (the form answers as
 * for a new signup, decision 0163): a reminder, with the link to see one's place (new: it replaces
 * the earlier one) and the referral link.
 */
export const waitlistAlreadyJoinedEmail = (links: {
  statusUrl: string
  referralUrl: string
  productLabel: string
  name?: string | null
}) => {
  const greeting = `Dear ${links.name?.trim() || 'Friend'},`
  const intro = `Someone, probably you, entered this address on the ${links.productLabel} waitlist form. You are already on this waitlist, and your address is confirmed: there is nothing more to do.`
  const share =
    'Share your personal link: each friend who joins through it and confirms their address moves you up the line.'
  const ignore = 'If it was not you, ignore this email: nothing has changed.'
  const text = [
    greeting,
    '',
    intro,
    '',
    'See your place in line at any time (this link replaces the one in earlier emails):',
    links.statusUrl,
    '',
    share,
    links.referralUrl,
    '',
    ignore,
    '',
    'With cosmic love,',
    'The Starfinity Team',
  ].join('\n')
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    `<p>${escapeHtml(intro)}</p>` +
    '<p>See your place in line at any time (this link replaces the one in earlier emails): ' +
    `<a href="${escapeHtml(links.statusUrl)}">my place in line</a></p>` +
    `<p>${escapeHtml(share)}<br><a href="${escapeHtml(links.referralUrl)}">${escapeHtml(links.referralUrl)}</a></p>` +
    `<p>${escapeHtml(ignore)}</p>` +
    '<p>With cosmic love,<br>The Starfinity Team</p>'
  return { subject: `You're already on the ${links.productLabel} waitlist`, text, html }
}
