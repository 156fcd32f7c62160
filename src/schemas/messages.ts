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
