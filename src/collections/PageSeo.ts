import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { readPublished, readVersions } from '@/access/content'
import { contentVersions } from '@/lib/content/versions'
import { isPublicRoute } from '@/lib/page-texts'
import { PUBLIC_ROUTES } from '@/lib/routes'
import { revalidatePublished } from '@/lib/revalidate'

/**
 * Search and share settings of the fixed public routes (decision 0122): one entry per route, keyed
 * by its path, with the SEO plugin's meta title, description, share image and search-result
 * preview. A published entry refreshes its page; an empty field shows the page's own text.
 */
export const PageSeo: CollectionConfig = {
  slug: 'page-seo',
  labels: { singular: 'Page SEO', plural: 'Page SEO' },
  admin: {
    useAsTitle: 'path',
    group: 'Content',
    defaultColumns: ['path', 'meta.title', '_status', 'updatedAt'],
    description:
      'How each page appears in search results and shared links. The site name is added after the ' +
      'title; an empty field uses the page’s own text.',
  },
  access: { ...contentAccess, read: readPublished, readVersions },
  versions: contentVersions,
  defaultSort: 'path',
  hooks: revalidatePublished([], (doc) => (isPublicRoute(doc.path) ? [doc.path] : [])),
  fields: [
    {
      name: 'path',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      validate: (value: unknown) =>
        isPublicRoute(value) || `Must be one of the site’s pages: ${PUBLIC_ROUTES.join(', ')}.`,
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'The page these settings are for.',
      },
    },
  ],
}
