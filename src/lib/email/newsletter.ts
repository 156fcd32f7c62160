import { signupEmail } from './signup'

/** What a visitor agrees to when signing up for the newsletter (kept with each consent record). */
export const NEWSLETTER_CONSENT_TEXT =
  'I would like to receive the Starfinity newsletter by email. I can unsubscribe at any time with the link in every newsletter.'

/** What a subscriber agrees to when pressing the button on the confirmation page. */
export const NEWSLETTER_CONFIRM_TEXT = 'Yes, send me the Starfinity newsletter.'

export const CONFIRM_INVALID =
  'This confirmation link is invalid, has already been used or has expired. Sign up again to get a new one.'

/** The double opt-in email: a link to the confirmation page (which confirms only with a POST). */
export const confirmationEmail = (link: string, hours: number, firstName?: string | null) =>
  signupEmail({
    subject: 'Please confirm your Starfinity newsletter subscription',
    name: firstName,
    paragraphs: [
      {
        text: 'Please confirm that you would like to receive the Starfinity newsletter:',
        url: link,
        button: 'Confirm my subscription',
      },
      `The link is valid for ${hours} hours. If you did not sign up, ignore this email and you will hear nothing more from us.`,
    ],
  })

/**
 * To a confirmed subscriber whose address was entered on a newsletter form again (the form answers
 * as for a new signup, decision 0163).
 */
export const alreadySubscribedEmail = (firstName?: string | null) =>
  signupEmail({
    subject: "You're already subscribed to the Starfinity newsletter",
    name: firstName,
    paragraphs: [
      "Someone, probably you, entered this address on one of our newsletter forms. You're already subscribed to the Starfinity newsletter: there is nothing more to do.",
      'If it was not you, ignore this email: nothing has changed. Every newsletter has a link to unsubscribe or choose what you receive.',
    ],
  })
