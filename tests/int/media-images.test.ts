import { sql } from '@payloadcms/db-postgres/drizzle'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { down, up } from '@/migrations/20261125_082554_media_images'
import type { Media } from '@/payload-types'
import { seed } from '@/seed'

import { startApp, type TestApp } from '../helpers/app'

let app: TestApp
const tokens = { editor: '', demo: '' }

beforeAll(async () => {
  app = await startApp()
  tokens.editor = await app.createUser('media-editor', 'editor')
  tokens.demo = await app.createUser('media-demo', 'demo')
})
afterAll(async () => app?.close())

/** The seed prints the generated admin password: kept out of the test output. */
const runSeed = async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    await seed(app.payload)
  } finally {
    log.mockRestore()
  }
}

/** The name of an imported artwork file (with a number when the name was taken on disk). */
const seeded = (name: string) => new RegExp(`^${name}-seed(-\\d+)?\\.svg$`)

const mediaCount = async () => (await app.payload.count({ collection: 'media' })).totalDocs

/** The populated upload of a document: a Media document with its alt text and file. */
const expectMedia = (value: unknown, filename: RegExp) => {
  expect(value).toMatchObject({ alt: expect.stringMatching(/\S/), filename: expect.any(String) })
  const media = value as Media
  expect(media.filename).toMatch(filename)
  expect(media.url).toMatch(/^\/api\/media\/file\//)
  return media
}

describe('the seed imports the artwork into Media', () => {
  it('gives every character, the book, the song and the about gallery a Media document', async () => {
    await runSeed()
    const characters = await app.payload.find({ collection: 'characters', depth: 1 })
    expect(characters.totalDocs).toBe(5)
    for (const character of characters.docs) {
      const media = expectMedia(character.artwork, seeded(character.slug))
      // SVG is served as it is, with its own size (decision 0121).
      expect(media).toMatchObject({ mimeType: 'image/svg+xml', width: 400, height: 400 })
    }
    const dune = characters.docs.find((c) => c.slug === 'dune')!
    expect((dune.artwork as Media).alt).toBe(
      'Dune the fennec fox on golden dunes under a starry sky',
    )

    const [book] = (await app.payload.find({ collection: 'books', depth: 1 })).docs
    expect(expectMedia(book!.cover, seeded('dune-big-ears')).alt).toMatch(/^Cover of Dune/)
    const [song] = (await app.payload.find({ collection: 'songs', depth: 1 })).docs
    expect(expectMedia(song!.albumCover, seeded('dune-music-album'))).toMatchObject({
      width: 480,
      height: 480,
    })

    const settings = await app.payload.findGlobal({ slug: 'site-settings', depth: 1 })
    expect(settings.aboutGallery?.map((row) => row.caption)).toEqual([
      'Dreaming up new worlds under the night sky',
      'The studio where stories and songs begin',
      "A dusk walk that became Dune's first story",
    ])
    for (const row of settings.aboutGallery ?? []) expectMedia(row.image, /-seed(-\d+)?\.svg$/)
  })

  it('adds no Media document when run again', async () => {
    const before = await mediaCount()
    await runSeed()
    expect(await mediaCount()).toBe(before)
  })
})

describe('an editor uploads a picture for a character', () => {
  const png = () =>
    sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#3388cc' } })
      .png()
      .toBuffer()

  /** A multipart upload through the REST API, as the admin sends it. */
  const upload = async (token: string, data: Buffer, alt: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'new-guide.png')
    form.append('_payload', JSON.stringify({ alt }))
    const encoded = new Response(form)
    return app.request('POST', '/media', {
      token,
      rawBody: new Uint8Array(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    })
  }

  const crystal = async () =>
    (
      await app.payload.find({
        collection: 'characters',
        where: { slug: { equals: 'crystal' } },
        depth: 0,
      })
    ).docs[0]!

  it('makes the WebP sizes at their dimensions, and the character shows it once published', async () => {
    const res = await upload(tokens.editor, await png(), 'Crystal in a blue winter dusk')
    expect(res.status, res.text).toBe(201)
    const media = res.body.doc as Media
    expect(media).toMatchObject({ width: 2000, height: 2000, alt: 'Crystal in a blue winter dusk' })
    expect(media.sizes?.thumbnail).toMatchObject({
      width: 320,
      height: 320,
      mimeType: 'image/webp',
    })
    expect(media.sizes?.card).toMatchObject({ width: 768, height: 768, mimeType: 'image/webp' })
    expect(media.sizes?.fullWidth).toMatchObject({ width: 1600, height: 1600 })
    expect(media.sizes?.share).toMatchObject({ width: 1200, height: 630, mimeType: 'image/webp' })
    const file = await app.request(
      'GET',
      new URL(media.sizes!.card!.url!, 'http://x').pathname.slice(4),
    )
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/webp')

    const { id, artwork: before } = await crystal()
    const draft = await app.request('PATCH', `/characters/${id}?draft=true`, {
      token: tokens.editor,
      body: { artwork: media.id },
    })
    expect(draft.status, draft.text).toBe(200)
    // A draft: the published character keeps its picture.
    expect((await crystal()).artwork).toBe(before)

    const publish = await app.request('PATCH', `/characters/${id}`, {
      token: tokens.editor,
      body: { artwork: media.id, _status: 'published' },
    })
    expect(publish.status, publish.text).toBe(200)
    expect((await crystal()).artwork).toBe(media.id)
  })

  it('a demo user can neither upload nor set a picture (403)', async () => {
    const res = await upload(tokens.demo, await png(), 'Not allowed')
    expect(res.status).toBe(403)
    const { id, artwork } = await crystal()
    const other = await app.payload.find({ collection: 'media', limit: 1, depth: 0 })
    const patch = await app.request('PATCH', `/characters/${id}`, {
      token: tokens.demo,
      body: { artwork: other.docs[0]!.id },
    })
    expect(patch.status).toBe(403)
    expect((await crystal()).artwork).toBe(artwork)
  })
})

describe('the share image of the site settings', () => {
  const shareImageTarget = async () => {
    const res = await app.request('GET', '/share-image')
    expect(res.status).toBe(302)
    return res.headers.get('location') ?? ''
  }

  it('answers with the Starfinity card until an editor publishes a picture, then with its share size', async () => {
    expect(await shareImageTarget()).toMatch(/\/images\/og-default\.png$/)
    const data = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#aa3377' },
    })
      .jpeg()
      .toBuffer()
    const media = await app.payload.create({
      collection: 'media',
      data: { alt: 'Starfinity at night' },
      file: { data, mimetype: 'image/jpeg', name: 'share.jpg', size: data.length },
    })

    const demo = await app.request('POST', '/globals/site-settings', {
      token: tokens.demo,
      body: { shareImage: media.id, _status: 'published' },
    })
    expect(demo.status).toBe(403)
    const published = await app.request('POST', '/globals/site-settings', {
      token: tokens.editor,
      body: { shareImage: media.id, _status: 'published' },
    })
    expect(published.status, published.text).toBe(200)

    const target = await shareImageTarget()
    expect(target).toMatch(/\/api\/media\/file\/share-[^/]*1200x630\.webp$/)
    const file = await app.request('GET', new URL(target).pathname.slice(4))
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/webp')
  })

  it('takes no SVG (link previews do not show it)', async () => {
    const svg = await app.payload.find({
      collection: 'media',
      where: { mimeType: { equals: 'image/svg+xml' } },
      limit: 1,
      depth: 0,
    })
    const res = await app.request('POST', '/globals/site-settings', {
      token: tokens.editor,
      body: { shareImage: svg.docs[0]!.id, _status: 'published' },
    })
    expect(res.status).toBe(400)
    expect(res.text).toMatch(/shareImage/)
  })
})

describe('the upgrade of an existing site (migration media_images)', () => {
  it('moves the artwork paths of documents and versions into Media, and fills the gallery', async () => {
    const { payload } = app
    const db = payload.db.drizzle
    const migration = { db, payload, req: {} }
    // The schema before the migration, with the paths an older site stored.
    await down(migration as unknown as Parameters<typeof down>[0])
    await db.execute(sql`delete from media`)
    await db.execute(sql`update characters set image = '/images/characters/' || slug || '.svg'`)
    await db.execute(
      sql`update _characters_v set version_image = '/images/characters/' || version_slug || '.svg'`,
    )
    await db.execute(sql`update characters set image = '/../../etc/passwd' where slug = 'fern'`)
    await db.execute(sql`update books set cover_image = '/images/books/dune-big-ears.svg'`)
    await db.execute(sql`update songs set album_art = '/images/books/dune-music-album.svg'`)

    await up(migration as unknown as Parameters<typeof up>[0])

    const characters = await payload.find({ collection: 'characters', depth: 1 })
    for (const character of characters.docs) {
      if (character.slug === 'fern') expect(character.artwork).toBeNull()
      else expectMedia(character.artwork, seeded(character.slug))
    }
    const latest = await payload.findVersions({
      collection: 'characters',
      where: { 'version.slug': { equals: 'dune' } },
      sort: '-updatedAt',
      limit: 1,
      depth: 1,
    })
    expectMedia(latest.docs[0]!.version.artwork, seeded('dune'))
    const [book] = (await payload.find({ collection: 'books', depth: 1 })).docs
    expectMedia(book!.cover, seeded('dune-big-ears'))
    const [song] = (await payload.find({ collection: 'songs', depth: 1 })).docs
    expectMedia(song!.albumCover, seeded('dune-music-album'))
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 1 })
    expect(settings.aboutGallery).toHaveLength(3)
    // One Media document per file, whatever the number of rows naming it (Fern's versions still
    // name her file).
    expect(await mediaCount()).toBe(5 + 2 + 3)
  })
})
