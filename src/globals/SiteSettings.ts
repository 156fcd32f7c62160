import type { GlobalConfig } from 'payload'

import { anyone, canEditContent } from '@/access'
import { revalidateGlobal } from '@/lib/revalidate'

const link = (name: string, description: string) => ({
  name,
  type: 'text' as const,
  required: true,
  admin: { description },
})

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  admin: { group: 'Content' },
  access: { read: anyone, update: canEditContent, readVersions: canEditContent },
  hooks: { afterChange: [revalidateGlobal] },
  fields: [
    { name: 'tagline', type: 'text', required: true, defaultValue: 'Where the Future is Human' },
    { name: 'shopName', type: 'text', required: true },
    { name: 'shopDescription', type: 'textarea' },
    link('shopUrl', 'External shop home'),
    link('linkHubUrl', 'Link hub with every social profile'),
    link('bookStoreUrl', 'Book retailer page for the featured book'),
    link('musicStoreUrl', 'Music store page for the label'),
    {
      name: 'streamingLinks',
      type: 'array',
      fields: [
        { name: 'service', type: 'text', required: true },
        { name: 'url', type: 'text', required: true },
      ],
    },
  ],
}
