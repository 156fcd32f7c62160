import type { GlobalConfig } from 'payload'

import { anyone, canEditContent, isFullAdminField } from '@/access'
import { readVersions } from '@/access/content'
import { previewAdmin } from '@/access/preview'
import { DEFAULT_PLACES_PER_REFERRAL } from '@/lib/constants'
import { contentVersions } from '@/lib/content/versions'
import { revalidatePublishedGlobal } from '@/lib/revalidate'
import { PLACES_FIELDS } from '@/services/waitlist/line'
import { RETENTION_DEFAULTS } from '@/services/shared/retention'

const link = (name: string, description: string) => ({
  name,
  type: 'text' as const,
  required: true,
  admin: { description },
})

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  // Live preview on the home page, which shows the tagline and the links (decision 0120).
  admin: { group: 'Content', ...previewAdmin(() => '/') },
  access: { read: anyone, update: canEditContent, readVersions },
  versions: contentVersions,
  hooks: { afterChange: [revalidatePublishedGlobal] },
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
    {
      // Shared links of every page without a picture of its own (decision 0121).
      name: 'shareImage',
      type: 'upload',
      relationTo: 'media',
      // Link previews take PNG, JPEG or WebP, not SVG: the 1200×630 `share` size is used.
      filterOptions: { mimeType: { not_equals: 'image/svg+xml' } },
      admin: {
        description:
          'Shown when a page is shared (1200×630 works best). Empty: the Starfinity card.',
      },
    },
    {
      // The founder's gallery on /about (decision 0121).
      name: 'aboutGallery',
      type: 'array',
      maxRows: 12,
      admin: { description: 'Pictures of the gallery on /about; a click opens one full size.' },
      fields: [
        { name: 'image', type: 'upload', relationTo: 'media', required: true },
        { name: 'caption', type: 'text', required: true },
      ],
    },
    {
      // How long personal data is kept (decision 0110). The privacy page states these numbers;
      // only full admins change them.
      name: 'retention',
      type: 'group',
      access: { update: isFullAdminField },
      admin: {
        description:
          'How long data is kept. A nightly job deletes what is older; the privacy page states it.',
      },
      fields: [
        {
          name: 'eventsMonths',
          label: 'Analytics and engagement events (months)',
          type: 'number',
          required: true,
          min: 1,
          max: 120,
          defaultValue: RETENTION_DEFAULTS.eventsMonths,
        },
        {
          name: 'emailBodiesMonths',
          label: 'Contents of sent emails (months)',
          type: 'number',
          required: true,
          min: 1,
          max: 120,
          defaultValue: RETENTION_DEFAULTS.emailBodiesMonths,
          admin: { description: 'The record that an email was sent (to, subject, status) stays.' },
        },
      ],
    },
    {
      // Real-user Web Vitals (decision 0220): the share of page loads whose speed is measured.
      name: 'vitalsSampleRate',
      label: 'Speed measured on (% of page loads)',
      type: 'number',
      required: true,
      min: 0,
      max: 100,
      defaultValue: 100,
      access: { update: isFullAdminField },
      admin: {
        description:
          "The share of visitors' page loads whose speed (Web Vitals) is measured and sent. 0 turns it off.",
      },
    },
    {
      // Referral waitlists (decision 0119): how many places each counted referral moves its
      // referrer up in that product's line; 0 turns the move off. Only full admins change it.
      name: 'referralPlaces',
      label: 'Places moved up per confirmed referral',
      type: 'group',
      access: { update: isFullAdminField },
      admin: {
        description:
          'Per product. A referral counts once the referred person has confirmed their address. 0 turns it off.',
      },
      fields: PLACES_FIELDS.map(({ field, product }) => ({
        name: field,
        label: product,
        type: 'number' as const,
        required: true,
        min: 0,
        max: 1000,
        defaultValue: DEFAULT_PLACES_PER_REFERRAL,
        admin: { step: 1 },
      })),
    },
  ],
}
