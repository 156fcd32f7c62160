'use client'

import { trackAnalytics } from '@/components/site/tracking/tracker'

import { useNotify } from '../notifications/Notifications'
import { Button } from '../ui'

const isMobile = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)

/**
 * 'Share with Friend' (spec §8): the native share sheet when there is one; otherwise an SMS draft
 * on phones and a clipboard copy on desktops. A failed share falls back to the clipboard.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const notify = useNotify()

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      notify({ title: 'Link copied!', description: 'Paste it to share with a friend.' })
    } catch {
      notify({
        variant: 'destructive',
        title: 'Share failed',
        description: 'Unable to share. Please copy the link manually.',
      })
    }
  }

  const share = async () => {
    const url = window.location.href
    trackAnalytics({ action: 'share', category: 'sharing_action', label: title })
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url })
      } catch {
        await copyLink(url)
      }
      return
    }
    if (isMobile()) {
      window.location.href = `sms:?&body=${encodeURIComponent(`${text} ${url}`)}`
      return
    }
    await copyLink(url)
  }

  return (
    <Button type="button" $variant="secondary" onClick={() => void share()}>
      Share with Friend
    </Button>
  )
}
