/** Messages shared by the full schemas (server) and the forms' light ones (browser). */
export const INVALID_EMAIL = 'Please enter a valid email address'

export const CONTROL_CHARACTERS = 'Must not contain control characters'

// C0 and C1 control characters (NUL, escape, backspace…): never part of what a person types, and
// PostgreSQL refuses NUL in text. One-line fields refuse all of them, long text keeps tab and
// line breaks.
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/** True when a one-line value (a name, a subject, a label) has no control character. */
export const isCleanLine = (value: string) => !LINE_CONTROLS.test(value)

/** True when a long, multi-line value (a message) has no control character but tab and line breaks. */
export const isCleanText = (value: string) => !TEXT_CONTROLS.test(value)

export const WEB_ADDRESS_IN_NAME = 'Name must not contain a web or email address'
export const WEB_ADDRESS_IN_FIRST_NAME = 'First name must not contain a web or email address'

// What a mail client would turn into a link in "Dear {name},": a scheme's `://`, `www.`, an
// address (`@` before a dot), or a host name (`evil.example`, `x.co/win`). Initials and
// abbreviations with one letter beside the dot ("J.R.R.", "Ph.D.") stay allowed (decision 0192).
const WEB_ADDRESS =
  /:\/\/|(^|[^\p{L}\p{N}])www\.|@[^\s@]*\.|[\p{L}\p{N}-]{2,}\.\p{L}{2,}|\.\p{L}{2,}\//iu

/** True when a person's name holds nothing a mail client would show as a link. */
export const hasNoWebAddress = (value: string) => !WEB_ADDRESS.test(value)
