import type { CollectionConfig } from 'payload'

import { internalAccess } from '@/access'

/**
 * Tokens of signed Mailgun webhook calls seen within the freshness window: Mailgun's signature
 * covers only timestamp and token, not the body, so a second call with a seen token is a replay
 * (docs/decisions/0064-webhook-replay.md). Rows older than the window are pruned.
 */
export const WebhookTokens: CollectionConfig = {
  slug: 'webhook-tokens',
  admin: { hidden: true },
  access: internalAccess,
  graphQL: false,
  fields: [{ name: 'token', type: 'text', required: true, unique: true }],
}
