import config from '@payload-config'
import { getPayload } from 'payload'

/** The Payload instance for server components and route handlers. */
export const payloadClient = () => getPayload({ config })
