import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { readPublished, readVersions } from '@/access/content'
import { contentVersions } from '@/lib/content/versions'
import { revalidatePublished } from '@/lib/revalidate'

export const FAQ_GROUPS = [
  'About',
  'The Four Ventures',
  'Community & Participation',
  'Values & Philosophy',
  'Getting Started',
] as const

export const FaqItems: CollectionConfig = {
  slug: 'faq-items',
  labels: { singular: 'FAQ item', plural: 'FAQ items' },
  admin: {
    useAsTitle: 'question',
    group: 'Content',
    defaultColumns: ['question', 'group', '_status'],
  },
  access: { ...contentAccess, read: readPublished, readVersions },
  versions: contentVersions,
  orderable: true,
  trash: true,
  hooks: revalidatePublished(['/faq']),
  fields: [
    {
      name: 'group',
      type: 'select',
      required: true,
      index: true,
      options: FAQ_GROUPS.map((g) => ({ label: g, value: g })),
    },
    { name: 'question', type: 'text', required: true },
    { name: 'answer', type: 'textarea', required: true },
  ],
}
