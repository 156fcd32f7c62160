import { z } from 'zod'

const SESSION_ID_MESSAGE = 'sessionId must be a session id'

/** The `:sessionId` of the account page's session routes (Payload's session ids are UUIDs). */
export const sessionIdParamSchema = z
  .string({ error: SESSION_ID_MESSAGE })
  .regex(/^[A-Za-z0-9-]{1,64}$/, { error: SESSION_ID_MESSAGE })
