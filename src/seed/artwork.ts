import { readFile } from 'node:fs/promises'
import path from 'node:path'

import type { Payload, PayloadRequest } from 'payload'

const PUBLIC_DIR = path.join(process.cwd(), 'public')

const MIME_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
}

/** The artwork that ships with the site (decision 0121): the seed and the upgrade import it. */
export const ABOUT_GALLERY = [
  {
    file: '/images/about/founder-portrait.svg',
    caption: 'Dreaming up new worlds under the night sky',
  },
  {
    file: '/images/about/creative-studio.svg',
    caption: 'The studio where stories and songs begin',
  },
  { file: '/images/about/nature-walk.svg', caption: "A dusk walk that became Dune's first story" },
] as const

/** The file under /public a site path names, or null when it leaves the folder or is no image. */
export const publicFile = (sitePath: string) => {
  const file = path.resolve(PUBLIC_DIR, `.${path.posix.normalize(`/${sitePath}`)}`)
  if (!file.startsWith(`${PUBLIC_DIR}${path.sep}`)) return null
  return MIME_TYPES[path.extname(file).toLowerCase()] ? file : null
}

/** An SVG describes itself in its <title>: the alt text when none is given. */
const svgTitle = (data: Buffer) =>
  data
    .toString('utf8')
    .match(/<title[^>]*>([^<]+)<\/title>/)?.[1]
    ?.trim()

/**
 * A file of the site's artwork (a path under /public) as a Media document, uploaded once: it is
 * found again by its file name (`dune-seed.svg`, or `dune-seed-1.svg` when Payload found that name
 * taken on disk), in the trash too, so running the seed or the upgrade again adds nothing.
 */
export const importArtwork = async (
  payload: Payload,
  sitePath: string,
  { alt, req }: { alt?: string; req?: Partial<PayloadRequest> } = {},
) => {
  const file = publicFile(sitePath)
  if (!file) throw new Error(`not an image under /public: ${sitePath}`)
  const extension = path.extname(file).toLowerCase()
  const base = `${path.basename(file, path.extname(file))}-seed`
  const found = await payload.find({
    collection: 'media',
    where: { filename: { like: base } },
    trash: true,
    limit: 20,
    depth: 0,
    req,
  })
  const named = new RegExp(`^${base}(-\\d+)?\\${extension}$`)
  const existing = found.docs.find((doc) => doc.filename && named.test(doc.filename))
  if (existing) return existing.id
  const data = await readFile(file)
  const media = await payload.create({
    collection: 'media',
    data: { alt: alt ?? svgTitle(data) ?? base },
    file: {
      data,
      mimetype: MIME_TYPES[extension]!,
      name: `${base}${extension}`,
      size: data.length,
    },
    // Outside a Next request: nothing to revalidate.
    context: { disableRevalidate: true },
    depth: 0,
    req,
  })
  return media.id
}
