import type { CollectionConfig } from 'payload'

import { personalDataAccess, secretFieldAccess } from '@/access'
import { createdAtField, emailField, statusField, stringList } from '@/fields'
import { DEFAULT_PRODUCT, PRODUCTS, WAITLIST_STATUSES } from '@/lib/constants'
import { newReferralCode } from '@/lib/referrals'

/** Written by plain SQL on the signup and email paths (docs/decisions/0115): a write hook here would not run there. */
export const WaitlistEntries: CollectionConfig = {
  slug: 'waitlist-entries',
  admin: {
    useAsTitle: 'email',
    group: 'Audience',
    defaultColumns: ['email', 'name', 'product', 'status', 'joinedAt'],
  },
  access: personalDataAccess,
  defaultSort: '-joinedAt',
  // One entry per person and product; concurrent duplicates collide here.
  indexes: [
    { fields: ['email', 'product'], unique: true },
    // The line of one product: waitlist_entries_line_idx (payload.config.ts).
  ],
  fields: [
    emailField(),
    { name: 'name', type: 'text', required: true },
    createdAtField('joinedAt'),
    statusField('product', PRODUCTS, DEFAULT_PRODUCT),
    statusField('status', WAITLIST_STATUSES, 'inactive'),
    stringList('interests'),
    { name: 'referralSource', type: 'text', index: true },
    { name: 'emailOpened', type: 'checkbox', defaultValue: false },
    { name: 'lastEmailSent', type: 'date' },
    // Referrals (decision 0119): the entry's own code, who referred it, and when its address was
    // confirmed (only a confirmed referral counts). Positions and counts are computed on read.
    {
      name: 'referralCode',
      type: 'text',
      // Always set (by the signup statement, or this default); not required, so a document
      // created through the Local API without one still gets it here.
      unique: true,
      defaultValue: () => newReferralCode(),
      admin: { readOnly: true, description: 'Shared as /waitlist?product=…&ref=CODE' },
    },
    {
      name: 'referredBy',
      type: 'relationship',
      relationTo: 'waitlist-entries',
      index: true,
      admin: { readOnly: true },
    },
    { name: 'confirmedAt', type: 'date', index: true, admin: { readOnly: true } },
    // SHA-256 of the tokens in the confirmation email's two links (confirm, see my position).
    {
      name: 'confirmToken',
      type: 'text',
      index: true,
      access: secretFieldAccess,
      admin: { hidden: true },
    },
    // The confirm link works until then (EMAIL_CONFIRM_TTL_HOURS after its email).
    { name: 'confirmExpires', type: 'date', admin: { hidden: true } },
    {
      name: 'statusToken',
      type: 'text',
      unique: true,
      access: secretFieldAccess,
      admin: { hidden: true },
    },
  ],
}
