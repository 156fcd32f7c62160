'use client'

import { useIsDemo } from './access'
import { apiFetch } from './api'
import { notifyError } from './notify'
import { Button } from './ui'

/**
 * Downloads a CSV export in place (docs/decisions/0093-csv-download-in-place.md). A demo user's
 * click asks the server anyway, so the refusal shown is the server's own message.
 */
export function CsvExportButton({ href, label = 'Export CSV' }: { href: string; label?: string }) {
  const isDemo = useIsDemo()
  return (
    <Button
      href={href}
      download
      mutates
      onClick={
        isDemo
          ? () => {
              apiFetch(href).catch((error: unknown) => notifyError('Export failed', error))
            }
          : undefined
      }
    >
      {label}
    </Button>
  )
}
