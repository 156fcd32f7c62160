import type { CollectionConfig } from 'payload'

import { contentAccess } from '@/access'
import { revalidateContent } from '@/lib/revalidate'

/** Products shown in the shop block when no Shopify store is configured. */
export const ShopProducts: CollectionConfig = {
  slug: 'shop-products',
  admin: { useAsTitle: 'title', group: 'Content', defaultColumns: ['title', 'price', 'order'] },
  access: contentAccess,
  defaultSort: 'order',
  hooks: revalidateContent(['/'], ['shop-products']),
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'handle', type: 'text', required: true, unique: true },
    { name: 'description', type: 'textarea' },
    { name: 'price', type: 'number', min: 0 },
    { name: 'imageUrl', type: 'text' },
    { name: 'order', type: 'number', defaultValue: 0, index: true },
  ],
}
