import { env } from '@/lib/env'

/** The fixed product address each kind of email is sent from (spec §9). */
export const senderAddress = (): string => env().EMAIL_FROM
