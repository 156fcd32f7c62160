import type { TaskConfig } from 'payload'

import { markImportFailed, runNewsletterImport } from '@/services/admin/newsletter-import'

const RETRIES = 3

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
  retries: RETRIES,
  handler: async ({ input, job, req }) => {
    const importId = Number(input.importId)
    try {
      return { output: { inserted: await runNewsletterImport(req.payload, importId) } }
    } catch (error) {
      // The last attempt: the admin's progress bar shows the import failed.
      if ((job.totalTried ?? 0) >= RETRIES) await markImportFailed(req.payload, importId)
      throw error
    }
  },
}
