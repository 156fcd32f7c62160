import type { CollectionSlug } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { FAQ_GROUPS } from '@/collections/FaqItems'
import { seed } from '@/seed'

import { startApp, type TestApp } from '../helpers/app'

const SEEDED = [
  'characters',
  'articles',
  'faq-items',
  'books',
  'songs',
  'shop-products',
  'users',
] as const satisfies readonly CollectionSlug[]

const ENV_KEYS = ['ADMIN_USERNAME', 'ADMIN_PASSWORD'] as const
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]))
const restoreEnv = () => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key]
    else process.env[key] = savedEnv[key]
  }
}

let app: TestApp

beforeAll(async () => {
  app = await startApp()
  for (const key of ENV_KEYS) delete process.env[key]
})
afterAll(async () => {
  restoreEnv()
  await app?.close()
})

/** Runs the seed with the environment as it is now; returns what it printed with console.log. */
const runSeed = async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    await seed(app.payload)
    return log.mock.calls.map((args) => args.map(String).join(' ')).join('\n')
  } finally {
    log.mockRestore()
  }
}

const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      SEEDED.map(async (slug) => [slug, (await app.payload.count({ collection: slug })).totalDocs]),
    ),
  ) as Record<(typeof SEEDED)[number], number>

const findUser = async (username: string) => {
  const found = await app.payload.find({
    collection: 'users',
    where: { username: { equals: username } },
    depth: 0,
  })
  expect(found.totalDocs).toBeLessThanOrEqual(1)
  return found.docs[0]
}

/** Every node of a Lexical tree, depth first. */
const lexicalNodes = (node: unknown): { type?: string }[] => {
  if (!node || typeof node !== 'object') return []
  const children = (node as { children?: unknown[] }).children ?? []
  return [node as { type?: string }, ...children.flatMap(lexicalNodes)]
}

describe('seed(payload)', () => {
  let generatedPassword: string

  it('fills an empty database with the content and one full admin', async () => {
    expect(await counts()).toEqual({
      characters: 0,
      articles: 0,
      'faq-items': 0,
      books: 0,
      songs: 0,
      'shop-products': 0,
      users: 0,
    })

    const output = await runSeed()

    const characters = await app.payload.find({
      collection: 'characters',
      sort: '_order',
      depth: 0,
    })
    expect(characters.totalDocs).toBe(5)
    const names = characters.docs.map((c) => c.name)
    expect(names[0]).toBe('Dune')
    expect(names.slice(1)).toEqual([
      expect.stringMatching(/^Phoebe/),
      expect.stringMatching(/^Chirpy/),
      expect.stringMatching(/^Fern/),
      expect.stringMatching(/^Crystal/),
    ])
    const orders = characters.docs.map((c) => c._order as string)
    expect(new Set(orders).size).toBe(5)
    expect(characters.docs.every((c) => c._status === 'published')).toBe(true)

    const articles = await app.payload.find({
      collection: 'articles',
      where: { _status: { equals: 'published' } },
      depth: 0,
    })
    expect(articles.totalDocs).toBeGreaterThanOrEqual(3)

    const featured = await app.payload.find({
      collection: 'articles',
      where: { featured: { equals: true } },
      depth: 0,
    })
    expect(featured.totalDocs).toBe(1)
    // Its cover is the seeded artwork, imported into Media.
    expect(featured.docs[0]!.coverImage).toEqual(expect.any(Number))
    const content = featured.docs[0]!.content as { root?: { type?: string } }
    expect(content.root?.type).toBe('root')
    expect(lexicalNodes(content.root).some((node) => node.type === 'heading')).toBe(true)

    const faq = await app.payload.find({ collection: 'faq-items', limit: 0, depth: 0 })
    const groups = new Set(faq.docs.map((item) => item.group))
    expect([...groups].sort()).toEqual([...FAQ_GROUPS].sort())

    const books = await app.payload.find({ collection: 'books', depth: 0 })
    expect(books.totalDocs).toBe(1)
    expect(books.docs[0]).toMatchObject({ seriesNumber: 1, seriesTotal: 8 })

    const songs = await app.payload.find({ collection: 'songs', depth: 0 })
    expect(songs.totalDocs).toBe(1)
    expect(songs.docs[0]!.streamingLinks).toHaveLength(4)
    expect(songs.docs[0]!.book).toBe(books.docs[0]!.id)

    expect((await app.payload.count({ collection: 'shop-products' })).totalDocs).toBe(3)

    const settings = await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })
    expect(settings.tagline).toBe('Where the Future is Human')
    expect(settings.shopName).toBeTruthy()

    const users = await app.payload.find({ collection: 'users', depth: 0 })
    expect(users.totalDocs).toBe(1)
    expect(users.docs[0]).toMatchObject({ username: 'admin', accessLevel: 'full' })

    const printed = [...output.matchAll(/password: (\S+)/g)].map((match) => match[1]!)
    expect(printed).toHaveLength(1)
    generatedPassword = printed[0]!
    expect(generatedPassword.length).toBeGreaterThanOrEqual(12)
    expect(output).toContain('username: admin')

    const token = await app.login('admin', generatedPassword)
    const me = await app.request('GET', '/users/me', { token })
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ username: 'admin', accessLevel: 'full' })
  })

  it('changes nothing and prints nothing when run again', async () => {
    const before = await counts()
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    try {
      await seed(app.payload)
      expect(log).not.toHaveBeenCalled()
    } finally {
      log.mockRestore()
    }
    expect(await counts()).toEqual(before)
    // The generated password still signs in: the second run did not reset it.
    await expect(app.login('admin', generatedPassword)).resolves.toEqual(expect.any(String))
  })

  it("keeps an editor's changes to a character and to the site settings", async () => {
    await app.createUser('seed-editor', 'editor')
    const editor = await findUser('seed-editor')
    expect(editor?.accessLevel).toBe('editor')
    const user = { ...editor!, collection: 'users' as const }
    const [dune] = (
      await app.payload.find({
        collection: 'characters',
        where: { slug: { equals: 'dune' } },
        depth: 0,
      })
    ).docs
    const description = 'Rewritten by an editor: Dune hears the desert sing.'
    await app.payload.update({
      collection: 'characters',
      id: dune!.id,
      data: { description },
      user,
      overrideAccess: false,
      context: { disableRevalidate: true },
    })
    await app.payload.updateGlobal({
      slug: 'site-settings',
      data: { tagline: 'Edited tagline' },
      user,
      overrideAccess: false,
      context: { disableRevalidate: true },
    })
    const before = await counts()

    expect(await runSeed()).toBe('')

    expect(await counts()).toEqual(before)
    const after = await app.payload.findByID({ collection: 'characters', id: dune!.id, depth: 0 })
    expect(after.description).toBe(description)
    const settings = await app.payload.findGlobal({ slug: 'site-settings', depth: 0 })
    expect(settings.tagline).toBe('Edited tagline')
  })

  describe('with ADMIN_USERNAME and ADMIN_PASSWORD set', () => {
    const username = `owner-${Date.now().toString(36)}`
    const password = 'owner-password-from-env-7'
    afterAll(restoreEnv)

    it('creates that user with full access on a database that already has users', async () => {
      const users = (await counts()).users
      expect(users).toBeGreaterThan(0)
      expect(await findUser(username)).toBeUndefined()
      process.env.ADMIN_USERNAME = username
      process.env.ADMIN_PASSWORD = password

      expect(await runSeed()).toBe('')

      expect((await counts()).users).toBe(users + 1)
      expect(await findUser(username)).toMatchObject({ username, accessLevel: 'full' })
      const token = await app.login(username, password)
      const me = await app.request('GET', '/users/me', { token })
      expect(me.body.user).toMatchObject({ username, accessLevel: 'full' })
      // The generated admin of the first run is left as it was.
      expect(await findUser('admin')).toMatchObject({ accessLevel: 'full' })
      await expect(app.login('admin', generatedPassword)).resolves.toEqual(expect.any(String))
    })

    it('does not reset its password on a second run', async () => {
      const owner = await findUser(username)
      const changed = 'owner-changed-this-later-42'
      await app.payload.update({ collection: 'users', id: owner!.id, data: { password: changed } })
      const before = await counts()

      expect(await runSeed()).toBe('')

      expect(await counts()).toEqual(before)
      await expect(app.login(username, changed)).resolves.toEqual(expect.any(String))
      await expect(app.login(username, password)).rejects.toThrow(/login failed: 401/)
      expect(await findUser(username)).toMatchObject({ accessLevel: 'full' })
    })
  })
})
