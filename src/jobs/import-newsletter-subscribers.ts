import type { TaskConfig } from 'payload'

import { runNewsletterImport } from '@/services/admin/newsletter-import'

/** Imports the staged rows of one newsletter CSV import, batch by batch (docs/decisions/0123). */
export const importNewsletterSubscribers: TaskConfig<{
  input: { importId: number }
  output: { inserted: number }
}> = {
  slug: 'importNewsletterSubscribers',
  label: 'Import newsletter subscribers from a CSV file',
  inputSchema: [{ name: 'importId', type: 'number', required: true }],
  outputSchema: [{ name: 'inserted', type: 'number' }],
  // A failed run is retried; it continues after the last batch it finished.
  retries: 3,
  handler: async ({ input, req }) => ({
    output: { inserted: await runNewsletterImport(req.payload, Number(input.importId)) },
  }),
}
