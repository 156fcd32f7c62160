import { z } from 'zod'

import { isSitePath } from '@/lib/links'

/** What the jobs timer asks the running site to refresh (decision 0122); exact, never trimmed. */
export const revalidateOrderSchema = z.object({
  paths: z
    .array(z.string().refine(isSitePath, { error: 'Each path must be a page of this site' }))
    .max(200, { error: 'At most 200 paths' }),
  tags: z
    .array(z.string().min(1).max(256, { error: 'A tag has at most 256 characters' }))
    .max(200, { error: 'At most 200 tags' }),
  layout: z.boolean({ error: 'layout must be true or false' }),
  timestamp: z.number({ error: 'timestamp must be a time in milliseconds' }).int(),
})
