import type { CollectionSlug, Payload, RequiredDataFromCollectionSlug } from 'payload'

import { conflict, isUniqueViolation } from '@/lib/errors'

import type { Transaction } from './transaction'

/**
 * Creates a document whose uniqueness the database guarantees. The unique index decides
 * between concurrent duplicates: exactly one insert wins, every other caller gets 409.
 */
export const createUnique = async <S extends CollectionSlug>(
  payload: Payload,
  collection: S,
  data: RequiredDataFromCollectionSlug<S>,
  duplicateMessage: string,
  duplicateField = 'email',
  tx?: Transaction,
): Promise<{ id: number | string }> => {
  try {
    // Visitors write only through these services; the collection's access rules keep the REST API closed.
    const options = {
      collection,
      data,
      overrideAccess: true,
      depth: 0,
      select: { id: true },
      req: tx?.req,
    }
    const doc = (await payload.create(options as Parameters<Payload['create']>[0])) as {
      id: number | string
    }
    return { id: doc.id }
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(duplicateMessage, { [duplicateField]: duplicateMessage })
    throw error
  }
}
