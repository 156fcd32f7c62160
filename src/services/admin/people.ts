import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PgColumn } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { CollectionSlug, Payload } from 'payload'

import { internalAccess, secretFieldAccess } from '@/access'
import type { AdminUser } from '@/access/admin'
import {
  alias,
  bare,
  bounce_events,
  email_preferences,
  email_suppressions,
  erased_addresses,
} from '@/db'
import { erasedAddressHash } from '@/lib/anonymize'
import { type Transaction, inTransaction } from '@/services/shared/transaction'

import { type AuditActor, recordAudit } from './audit'

/** A collection and the field that holds a person's address in it. */
type AddressField = { collection: CollectionSlug; field: string }

type Executor = Pick<Transaction['db'], 'execute'>

const es = alias(email_suppressions, 'es')
const b = alias(bounce_events, 'b')
const p = alias(email_preferences, 'p')

/**
 * Every place an address of a person is kept: each top-level email field of every collection,
 * read from the configuration, so a collection added later is found and erased without a change
 * here. The team's own accounts (users) and the sender address of sent mail are not a person's.
 */
export const addressFields = (payload: Payload): AddressField[] =>
  payload.config.collections
    .filter((collection) => collection.slug !== 'users')
    .flatMap((collection) =>
      collection.fields.flatMap((field) =>
        field.type === 'email' && field.name !== 'fromEmail'
          ? [{ collection: collection.slug as CollectionSlug, field: field.name }]
          : [],
      ),
    )

/**
 * `lower(<column>) = <address>` on the collection's table (Payload names it after the slug), and
 * the table's id column.
 */
const matching = (payload: Payload, { collection, field }: AddressField, email: string) => {
  const tables = (payload.db as unknown as { tables: Record<string, Record<string, unknown>> })
    .tables
  const table = tables[collection.replace(/-/g, '_')]
  const column = table?.[field]
  if (!column) throw new Error(`No column for ${collection}.${field}`)
  return {
    table: table as unknown as SQL,
    id: table.id as PgColumn,
    where: sql`lower(${column as SQL}) = ${email}`,
  }
}

/** How the trail names a person acting on their own records. */
export const SELF_ACTOR: AuditActor = { username: 'the person (self-service)' }

export type PersonRecords = {
  email: string
  total: number
  /** Per collection (in the configuration's order), the person's documents as full admins see them. */
  records: Partial<Record<CollectionSlug, unknown[]>>
}

/** The person reading their own records (a confirmed self-service link), not an admin. */
export const SELF = 'self' as const

/** A document without the fields no one may read (tokens), for reads that bypass access. */
const withoutSecrets = (payload: Payload, collection: CollectionSlug, doc: object) => {
  const secret = new Set(
    payload.collections[collection].config.fields.flatMap((field) =>
      'name' in field && 'access' in field && field.access?.read === secretFieldAccess.read
        ? [field.name]
        : [],
    ),
  )
  return Object.fromEntries(Object.entries(doc).filter(([name]) => !secret.has(name)))
}

/**
 * Every record held about one address: read with the admin's own access, or for the person
 * themselves (SELF) without access rules and with the secret fields removed the same way.
 */
export const findPerson = async (
  payload: Payload,
  reader: AdminUser | typeof SELF,
  email: string,
): Promise<PersonRecords> => {
  const self = reader === SELF
  const records: PersonRecords['records'] = {}
  let total = 0
  for (const target of addressFields(payload)) {
    // Server-only records (a pending data request) are erased with the person, never shown.
    if (payload.collections[target.collection].config.access.read === internalAccess.read) continue
    const { table, id, where } = matching(payload, target, email)
    const result = await payload.db.drizzle.execute(
      sql`SELECT ${bare(id)} FROM ${table} WHERE ${where} ORDER BY ${bare(id)}`,
    )
    const ids = (result.rows as { id: number }[]).map((row) => row.id)
    if (ids.length === 0) continue
    const found = await payload.find({
      collection: target.collection,
      where: { id: { in: ids } },
      sort: 'id',
      depth: 0,
      pagination: false,
      ...(self ? { overrideAccess: true } : { overrideAccess: false, user: reader }),
    })
    const docs = self
      ? found.docs.map((doc) => withoutSecrets(payload, target.collection, doc))
      : found.docs
    records[target.collection] = [...(records[target.collection] ?? []), ...docs]
    total += found.docs.length
  }
  return { email, total, records }
}

/** The same records as one JSON file. Audited (the address itself is not written to the trail). */
export const exportPerson = async (
  payload: Payload,
  reader: AdminUser | typeof SELF,
  email: string,
) => {
  const person = await findPerson(payload, reader, email)
  await recordAudit(payload, reader === SELF ? SELF_ACTOR : reader, {
    action: 'people.export',
    details: { records: person.total },
  })
  return {
    filename: `person-export-${new Date().toISOString().slice(0, 10)}.json`,
    body: JSON.stringify({ exportedAt: new Date().toISOString(), ...person }, null, 2),
  }
}

/**
 * Why the address must never get bulk mail again, if it must: it bounced or complained (a
 * suppression or a bounce on record), or the person unsubscribed from some kind of mail.
 */
const keptReason = async (db: Executor, email: string): Promise<string | null> => {
  const result = await db.execute(sql`
    SELECT
      (SELECT ${es.suppressionType} FROM ${email_suppressions} ${es}
        WHERE lower(${es.email}) = ${email} AND ${es.isActive} LIMIT 1) AS suppression,
      EXISTS (SELECT 1 FROM ${bounce_events} ${b} WHERE lower(${b.email}) = ${email}) AS bounced,
      EXISTS (SELECT 1 FROM ${email_preferences} ${p} WHERE lower(${p.email}) = ${email}
        AND (${p.newsletterEnabled} IS false OR ${p.updatesEnabled} IS false
          OR ${p.promotionsEnabled} IS false OR ${p.weeklyDigestEnabled} IS false)) AS unsubscribed`)
  const row = result.rows[0] as {
    suppression: string | null
    bounced: boolean
    unsubscribed: boolean
  }
  if (row.suppression) return row.suppression
  if (row.bounced) return 'bounced'
  if (row.unsubscribed) return 'unsubscribed'
  return null
}

export type Erasure = {
  /** Rows deleted per collection. */
  removed: Partial<Record<CollectionSlug, number>>
  total: number
  /** Whether a salted hash of the address was kept so that no bulk mail reaches it again. */
  keptHash: boolean
}

/**
 * Deletes every row holding the address, in one transaction with its audit entry: either all of it
 * is gone and audited, or nothing changed. A person who had unsubscribed, bounced or complained
 * leaves only a salted hash of the address behind (src/collections/ErasedAddresses.ts).
 */
export const erasePerson = async (
  payload: Payload,
  actor: AuditActor,
  email: string,
): Promise<Erasure> =>
  inTransaction(payload, async ({ db, req }) => {
    const reason = await keptReason(db, email)
    if (reason)
      await db.execute(sql`
        INSERT INTO ${erased_addresses} (${bare(erased_addresses.addressHash, erased_addresses.reason, erased_addresses.updatedAt, erased_addresses.createdAt)})
        VALUES (${erasedAddressHash(email)}, ${reason}, now(), now())
        ON CONFLICT (${bare(erased_addresses.addressHash)}) DO UPDATE
        SET ${bare(erased_addresses.reason)} = excluded.${bare(erased_addresses.reason)},
          ${bare(erased_addresses.updatedAt)} = now()`)
    const removed: Erasure['removed'] = {}
    let total = 0
    for (const target of addressFields(payload)) {
      const { table, where } = matching(payload, target, email)
      const result = await db.execute(sql`DELETE FROM ${table} WHERE ${where}`)
      const count = result.rowCount ?? 0
      if (count === 0) continue
      removed[target.collection] = (removed[target.collection] ?? 0) + count
      total += count
    }
    await recordAudit(
      payload,
      actor,
      { action: 'people.erase', details: { removed, keptHash: Boolean(reason) } },
      req,
    )
    return { removed, total, keptHash: Boolean(reason) }
  })
