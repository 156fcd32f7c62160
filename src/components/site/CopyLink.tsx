'use client'

import { useState } from 'react'
import styles from './CopyLink.module.css'

export const LINK_COPIED = 'Link copied!'

/** A link to share, selectable in a read-only box, with a button that copies it. */
export function CopyLink({ url, label = 'Your referral link' }: { url: string; label?: string }) {
  const [isCopied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      // No clipboard (permission, old browser): the box stays selectable for a manual copy.
      setCopied(false)
    }
  }
  return (
    <div className={styles.box}>
      <input
        readOnly
        aria-label={label}
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" onClick={copy}>
        {isCopied ? LINK_COPIED : 'Copy link'}
      </button>
    </div>
  )
}
