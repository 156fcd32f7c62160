import { env } from '@/lib/env'

/** The fixed product address each kind of email is sent from (spec §9), in its display form. */
export const senderAddress = (): string => env().EMAIL_FROM

/** EMAIL_FROM split into its display name and bare address ('Name <a@b>' or 'a@b'). */
export const parseAddress = (value: string): { name: string; address: string } => {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value)
  if (match) return { name: match[1].trim(), address: match[2].trim() }
  return { name: '', address: value.trim() }
}

/** The bare sender address, as stored in the email log. */
export const senderEmail = (): string => parseAddress(senderAddress()).address
export const senderName = (): string => parseAddress(senderAddress()).name || 'Starfinity'

/** The domain mail is sent from (Message-IDs, the mailto unsubscribe address). */
export const senderDomain = (): string => senderEmail().split('@')[1] ?? 'localhost'

export const unsubscribeMailbox = (): string =>
  env().EMAIL_UNSUBSCRIBE_MAILTO ?? `unsubscribe@${senderDomain()}`
