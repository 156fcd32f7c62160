import type { Payload } from 'payload'

import { AppError } from '@/lib/errors'
import { payloadClient } from '@/services/content/client'

/**
 * What an emailed link's token opens (preferences, a data request), or null when the link is
 * missing, unknown or expired: the page then says the link is not valid. Other failures throw.
 */
export const readByToken = async <T>(
  token: string | undefined,
  read: (payload: Payload, token: string) => Promise<T>,
): Promise<T | null> => {
  if (!token) return null
  try {
    return await read(await payloadClient(), token)
  } catch (error) {
    if (error instanceof AppError) return null
    throw error
  }
}
