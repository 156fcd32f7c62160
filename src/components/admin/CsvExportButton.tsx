'use client'

import { useNotify } from '@/components/site/notifications/Notifications'

import { apiFetch, errorText } from './api'
import { DEMO_HINT, useIsDemo } from './parts'
import { Button } from './ui'

/**
 * Downloads a CSV export. A demo user's click asks the server anyway, so the refusal shown is the
 * server's own message.
 */
export function CsvExportButton({ href, label = 'Export CSV' }: { href: string; label?: string }) {
  const isDemo = useIsDemo()
  const notify = useNotify()
  return (
    <Button
      as="a"
      href={href}
      download
      $demo={isDemo}
      title={isDemo ? DEMO_HINT : undefined}
      onClick={(event: React.MouseEvent) => {
        if (!isDemo) return
        event.preventDefault()
        apiFetch(href).catch((error: unknown) =>
          notify({ title: 'Export failed', description: errorText(error), variant: 'destructive' }),
        )
      }}
    >
      {label}
    </Button>
  )
}
