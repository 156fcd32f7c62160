const EMAIL_PATTERN = /[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+/g

/** Free text that reaches a prompt (referral sources, page paths) never carries an address. */
export const withoutEmails = (value: string) => value.replace(EMAIL_PATTERN, '[email]')
