'use client'

import { Button as PayloadButton, Pill as PayloadPill } from '@payloadcms/ui'
import type { MouseEvent, ReactNode } from 'react'
import styled, { css } from 'styled-components'

import { DEMO_HINT, useIsDemo } from './access'

/**
 * The dashboard's primitives. Buttons and pills are Payload's own; the layout pieces and the native
 * form controls are drawn with Payload's admin CSS variables (docs/decisions/0090-admin-list-kit.md).
 */

type ButtonProps = {
  children: ReactNode
  variant?: 'primary' | 'secondary' | 'danger'
  /** A control that changes data: for demo users it is greyed, with the hint, but still answers,
   * so the server's refusal shows. */
  mutates?: boolean
  disabled?: boolean
  onClick?: (event: MouseEvent) => void
  type?: 'button' | 'submit'
  /** Renders a link (e.g. a download) instead of a button. */
  href?: string
  download?: boolean
  role?: string
  selected?: boolean
}

export function Button({
  children,
  variant = 'secondary',
  mutates = false,
  href,
  download,
  role,
  selected,
  ...rest
}: ButtonProps) {
  const isGreyed = useIsDemo() && mutates
  return (
    <PayloadButton
      {...rest}
      buttonStyle={variant === 'danger' ? 'error' : variant}
      size="medium"
      margin={false}
      className={isGreyed ? 'admin-demo' : undefined}
      el={href ? 'anchor' : 'button'}
      url={href}
      extraButtonProps={{
        title: isGreyed ? DEMO_HINT : undefined,
        role,
        'aria-selected': selected,
        download: download || undefined,
      }}
    >
      {children}
    </PayloadButton>
  )
}

const PILL_STYLES = {
  plain: 'light',
  success: 'success',
  warning: 'warning',
  error: 'error',
} as const

export function Pill({
  tone = 'plain',
  children,
}: {
  tone?: keyof typeof PILL_STYLES
  children: ReactNode
}) {
  return (
    <PayloadPill pillStyle={PILL_STYLES[tone]} size="small">
      {children}
    </PayloadPill>
  )
}

export const Panel = styled.section`
  display: grid;
  align-content: start;
  gap: 16px;
  padding: 16px;
  border: 1px solid var(--theme-elevation-150);
  border-radius: var(--style-radius-m, 8px);
  background: var(--theme-elevation-0);
  min-width: 0;
`

export const PanelTitle = styled.h2`
  margin: 0;
  font-size: 1.05rem;
`

export const Row = styled.div<{ $wrap?: boolean }>`
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
`

export const Spacer = styled.span`
  flex: 1;
`

export const StatGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 12px;
`

export function Stat({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <StatBox>
      <span>{label}</span>
      <strong>{value ?? '…'}</strong>
    </StatBox>
  )
}

const StatBox = styled.div`
  display: grid;
  gap: 4px;
  padding: 12px 14px;
  border-radius: var(--style-radius-m, 8px);
  background: var(--theme-elevation-50);
  span {
    color: var(--theme-elevation-600);
    font-size: 0.85rem;
  }
  strong {
    font-size: 1.5rem;
  }
`

const control = css`
  min-height: 36px;
  padding: 6px 10px;
  border: 1px solid var(--theme-elevation-250);
  border-radius: var(--style-radius-s, 4px);
  background: var(--theme-input-bg, var(--theme-elevation-0));
  color: var(--theme-text);
  font: inherit;
  font-weight: 400;
  max-width: 100%;
`

export const Input = styled.input`
  ${control}
`
export const Select = styled.select`
  ${control}
`
export const Textarea = styled.textarea`
  ${control}
  width: 100%;
  min-height: 120px;
  resize: vertical;
`

export const Label = styled.label`
  display: grid;
  gap: 6px;
  font-weight: 600;
  font-size: 0.9rem;
`

export const Muted = styled.p`
  margin: 0;
  color: var(--theme-elevation-600);
`

export const ErrorText = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: var(--theme-error-500);
`

export const Pre = styled.div`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  padding: 10px;
  border-radius: var(--style-radius-s, 4px);
  background: var(--theme-elevation-50);
`

export const Dl = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 12px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`
