import type { CollectionConfig } from 'payload'

import { canEditContent } from '@/access'
import { textList } from '@/fields'
import { readPublished, readVersions } from '@/access/content'
import { previewAdmin } from '@/access/preview'
import { redirectOldSlug } from '@/lib/content/redirects'
import { checkRichTextLinks } from '@/lib/content/rich-text-links'
import { slugField } from '@/lib/content/slug'
import { contentVersions } from '@/lib/content/versions'
import { revalidatePublished } from '@/lib/revalidate'

const revalidation = revalidatePublished(['/insights', '/insights/[slug]'], (doc) =>
  typeof doc.slug === 'string' ? [`/insights/${doc.slug}`] : [],
)

/** Insights: the articles of /insights, each on its own page /insights/[slug]. */
export const Articles: CollectionConfig = {
  slug: 'articles',
  labels: { singular: 'Article', plural: 'Articles' },
  admin: {
    useAsTitle: 'title',
    group: 'Content',
    defaultColumns: ['title', 'author', 'publishedAt', 'featured', '_status'],
    ...previewAdmin((doc) => (typeof doc.slug === 'string' ? `/insights/${doc.slug}` : null)),
  },
  access: {
    read: readPublished,
    readVersions,
    create: canEditContent,
    update: canEditContent,
    delete: canEditContent,
    unlock: canEditContent,
  },
  defaultSort: '-publishedAt',
  versions: contentVersions,
  trash: true,
  hooks: {
    beforeValidate: [checkRichTextLinks(['content'])],
    afterChange: [redirectOldSlug('/insights/'), ...revalidation.afterChange],
    afterDelete: revalidation.afterDelete,
  },
  fields: [
    { name: 'title', type: 'text', required: true },
    slugField('title'),
    { name: 'excerpt', type: 'textarea', required: true },
    {
      name: 'coverImage',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'Shown on the list and at the top of the article.' },
    },
    { name: 'content', type: 'richText', required: true },
    { name: 'author', type: 'text', required: true },
    {
      name: 'publishedAt',
      type: 'date',
      required: true,
      index: true,
      defaultValue: () => new Date().toISOString(),
      admin: { position: 'sidebar', date: { pickerAppearance: 'dayOnly' } },
    },
    { name: 'readTime', type: 'text', defaultValue: '5 min', admin: { position: 'sidebar' } },
    { ...textList('topics'), admin: { position: 'sidebar' } },
    {
      name: 'featured',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { position: 'sidebar', description: 'Shown first on /insights.' },
    },
    {
      name: 'relatedArticles',
      type: 'relationship',
      relationTo: 'articles',
      hasMany: true,
      maxRows: 3,
      filterOptions: ({ id }) => (id ? { id: { not_equals: id } } : true),
      admin: { position: 'sidebar' },
    },
  ],
}
