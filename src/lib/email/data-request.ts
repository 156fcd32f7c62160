/** Hours a data request's link works. */
export const DATA_REQUEST_TTL_HOURS = 24

/** The email that confirms a data request from the preferences page (text; HTML made at send). */
export const dataRequestEmail = (kind: 'export' | 'erase', link: string) => {
  const what =
    kind === 'export'
      ? 'You asked for a copy of everything Starfinity holds about this email address. Open this link to download it:'
      : 'You asked us to erase everything Starfinity holds about this email address. Open this link to confirm; nothing is erased until you press the button there:'
  const text = [
    'Hello,',
    '',
    what,
    link,
    '',
    `The link works for ${DATA_REQUEST_TTL_HOURS} hours. If you did not ask for this, ignore this email: nothing happens.`,
    '',
    'With cosmic love,',
    'The Starfinity Team',
  ].join('\n')
  return {
    subject:
      kind === 'export'
        ? 'Your Starfinity data: download link'
        : 'Confirm the erasure of your data',
    text,
  }
}

export const DATA_REQUEST_SENT =
  'Check your inbox: we sent you a link to confirm. It works for 24 hours.'
export const DATA_ERASED =
  'Everything we held about your email address is erased. We will not email you again unless you sign up.'
