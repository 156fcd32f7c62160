'use client'

import { useState } from 'react'
import styled from 'styled-components'

import { colors } from './theme'

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
    <Box>
      <input
        readOnly
        aria-label={label}
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" onClick={copy}>
        {isCopied ? LINK_COPIED : 'Copy link'}
      </button>
    </Box>
  )
}

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 10px;
  input {
    flex: 1 1 14rem;
    min-width: 0;
    padding: 8px 10px;
    border-radius: 10px;
    border: 1px solid ${colors.border};
    background: rgba(255, 255, 255, 0.06);
    color: inherit;
    font: inherit;
    font-size: 0.85rem;
  }
  button {
    flex: none;
    padding: 8px 12px;
    border: 0;
    border-radius: 10px;
    background: ${colors.gold};
    color: #1a1433;
    font-weight: 700;
    cursor: pointer;
  }
`
