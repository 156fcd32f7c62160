'use client'

import styled from 'styled-components'

import { colors } from '../theme'

/**
 * The about page's discreet way in for the team (spec §2): nearly invisible until hovered or
 * focused. A plain link, so the admin bundle is never prefetched for visitors.
 */
export function AdminAccessLink() {
  return (
    <Wrap>
      <Icon href="/admin/login" aria-label="Admin access" title="Admin access">
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path
            d="M8 1l1.8 4.2L14 6l-3.2 2.9.9 4.6L8 11.2 4.3 13.5l.9-4.6L2 6l4.2-.8z"
            fill="currentColor"
          />
        </svg>
      </Icon>
    </Wrap>
  )
}

const Wrap = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 32px;
`

const Icon = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: ${colors.muted};
  opacity: 0.25;
  transition: opacity 0.2s ease;
  &:hover,
  &:focus-visible {
    opacity: 1;
  }
`
