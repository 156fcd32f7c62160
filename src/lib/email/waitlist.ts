import { signupEmail } from './signup'

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

const SHARE =
  'Share your personal link: each friend who joins through it and confirms their address moves you up the line.'

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
}) =>
  signupEmail({
    subject: `Please confirm your place on the ${links.productLabel} waitlist`,
    name: links.name,
    paragraphs: [
      {
        text: `Thank you for joining the ${links.productLabel} waitlist. Please confirm your address (the link works for ${links.hours} hours):`,
        url: links.confirmUrl,
        button: 'Confirm my place',
      },
      {
        text: 'Once confirmed, see your place in line at any time:',
        url: links.statusUrl,
        label: 'my place in line',
      },
      { text: SHARE, url: links.referralUrl },
      'If you did not sign up, ignore this email and you will hear nothing more from us.',
    ],
  })

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
}) =>
  signupEmail({
    subject: `You're already on the ${links.productLabel} waitlist`,
    name: links.name,
    paragraphs: [
      `Someone, probably you, entered this address on the ${links.productLabel} waitlist form. You are already on this waitlist, and your address is confirmed: there is nothing more to do.`,
      {
        text: 'See your place in line at any time (this link replaces the one in earlier emails):',
        url: links.statusUrl,
        label: 'my place in line',
      },
      { text: SHARE, url: links.referralUrl },
      'If it was not you, ignore this email: nothing has changed.',
    ],
  })
