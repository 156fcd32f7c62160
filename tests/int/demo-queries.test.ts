/**
 * A demo user reads personal data masked, so no filter or sort may compare a field that holds it:
 * not on the collection itself and not through a relationship (`waitlistEntry.email`), on every
 * collection. The probes are built from the configuration: every relationship to a collection of
 * personal data or of users, and every free-text field there (decisions 0060, 0135).
 */
import type { FlattenedField } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isPersonalData } from '@/access'

import { startApp, type TestApp, uniqueEmail } from '../helpers/app'

let app: TestApp
let demo: string
let full: string
beforeAll(async () => {
  app = await startApp()
  demo = await app.createUser('demo-queries', 'demo')
  full = await app.createUser('full-queries', 'full')
})
afterAll(async () => app?.close())

const FREE_TEXT = new Set(['text', 'email', 'textarea', 'json', 'code', 'richText'])

/** Every relationship in a collection, by its dotted path, with the collections it points to. */
const relationships = (fields: FlattenedField[], prefix = ''): [string, string[]][] =>
  fields.flatMap((field): [string, string[]][] => {
    if (field.type === 'relationship' || field.type === 'upload') {
      const to = Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo]
      return [[`${prefix}${field.name}${Array.isArray(field.relationTo) ? '.value' : ''}`, to]]
    }
    if ('flattenedFields' in field)
      return relationships(field.flattenedFields, `${prefix}${field.name}.`)
    return []
  })

const probes = () => {
  const collections = app.payload.config.collections
  const guarded = (slug: string) => {
    const collection = collections.find((c) => c.slug === slug)!
    return isPersonalData(collection) || slug === 'users'
  }
  return collections.flatMap((collection) =>
    relationships(collection.flattenedFields).flatMap(([path, targets]) =>
      targets.filter(guarded).flatMap((target) =>
        collections
          .find((c) => c.slug === target)!
          .flattenedFields.filter((field) => FREE_TEXT.has(field.type))
          .map((field) => ({ slug: collection.slug, path: `${path}.${field.name}` })),
      ),
    ),
  )
}

describe('demo queries through relationships', () => {
  it('refuses every filter and sort that compares free text of personal data or users through a relationship, on every collection', async () => {
    const all = probes()
    // The relationships of the email log, the waitlist's referrals and the campaigns are among them.
    for (const path of [
      'waitlistEntry.email',
      'waitlistEntry.name',
      'waitlistEntry.referralCode',
      'contact.message',
      'campaign.message',
      'referredBy.email',
      'sentBy.username',
    ])
      expect(all.map((probe) => probe.path)).toContain(path)
    const refusals: string[] = []
    for (const { slug, path } of all) {
      for (const query of [
        `where[${path}][like]=a`,
        `where[and][0][id][exists]=true&where[and][1][${path}][equals]=a`,
        `where[or][0][${path}][exists]=true`,
        // Payload reads `and` and `or` in any case.
        `where[AND][0][id][exists]=true&where[AND][1][${path}][equals]=a`,
        `where[Or][0][${path}][exists]=true`,
        `sort=${path}`,
        `sort=-${path}`,
      ]) {
        // A count is not sorted, and the preferences' `/:key` route reads one preference by key.
        const counts = !query.startsWith('sort') && slug !== 'payload-preferences'
        const routes = [`/${slug}?${query}`, ...(counts ? [`/${slug}/count?${query}`] : [])]
        for (const route of routes) {
          const res = await app.request('GET', route, { token: demo })
          if (res.status !== 403) refusals.push(`${route}: ${res.status}`)
        }
      }
    }
    expect(refusals).toEqual([])
  }, 300_000)

  it('cannot tell whether an address hides behind a masked email log, but may still filter by dates, states and ids through a relationship', async () => {
    const email = uniqueEmail('hidden')
    const entry = await app.payload.create({
      collection: 'waitlist-entries',
      data: { email, name: 'Hidden Person', product: 'universe' } as never,
    })
    const log = await app.payload.create({
      collection: 'email-logs',
      data: {
        toEmail: email,
        fromEmail: 'team@example.com',
        subject: 'Hello',
        message: 'Hello',
        emailType: 'confirmation',
        status: 'sent',
        waitlistEntry: entry.id,
      } as never,
    })
    const guess = `where[and][0][id][equals]=${log.id}&where[and][1][waitlistEntry.email][like]=${encodeURIComponent(email.slice(0, 8))}`
    const asDemo = await app.request('GET', `/email-logs/count?${guess}`, { token: demo })
    expect(asDemo.status, asDemo.text).toBe(403)
    expect(asDemo.body.errors[0].message).toBe('Searching personal data is disabled in demo mode.')
    // The same question from a full admin is answered.
    const asFull = await app.request('GET', `/email-logs/count?${guess}`, { token: full })
    expect(asFull.body).toEqual({ totalDocs: 1 })

    for (const query of [
      `where[waitlistEntry.createdAt][exists]=true&sort=-waitlistEntry.createdAt`,
      `where[waitlistEntry.status][equals]=inactive`,
      `where[waitlistEntry.id][equals]=${entry.id}`,
      `where[waitlistEntry][equals]=${entry.id}`,
      `sort=waitlistEntry`,
    ]) {
      const res = await app.request('GET', `/email-logs?${query}`, { token: demo })
      expect(res.status, `${query}: ${res.text}`).toBe(200)
    }
  })
})
