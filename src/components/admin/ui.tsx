'use client'

import styled, { css } from 'styled-components'

/** The dashboard's primitives, drawn with Payload's admin CSS variables (light and dark themes). */

export const Panel = styled.section`
  display: grid;
  gap: 16px;
  padding: 16px;
  border: 1px solid var(--theme-elevation-150);
  border-radius: var(--style-radius-m, 8px);
  background: var(--theme-elevation-0);
  min-width: 0;
`

export const PanelTitle = styled.h3`
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

/** A mutating control for demo users is greyed but still answers, so the server's refusal shows. */
export const Button = styled.button<{
  $variant?: 'primary' | 'secondary' | 'danger'
  $demo?: boolean
}>`
  ${control}
  cursor: pointer;
  font-weight: 600;
  white-space: nowrap;
  ${({ $variant = 'secondary' }) =>
    $variant === 'primary'
      ? css`
          border-color: var(--theme-elevation-800);
          background: var(--theme-elevation-800);
          color: var(--theme-elevation-0);
        `
      : $variant === 'danger'
        ? css`
            border-color: var(--theme-error-500);
            color: var(--theme-error-500);
          `
        : css`
            background: var(--theme-elevation-50);
          `}
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${({ $demo }) =>
    $demo &&
    css`
      opacity: 0.45;
      filter: grayscale(1);
    `}
`

export const TableWrap = styled.div`
  overflow-x: auto;
  border: 1px solid var(--theme-elevation-100);
  border-radius: var(--style-radius-s, 4px);
`

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    padding: 8px 10px;
    border-bottom: 1px solid var(--theme-elevation-100);
    text-align: left;
    vertical-align: top;
  }
  th {
    background: var(--theme-elevation-50);
    font-weight: 600;
    white-space: nowrap;
  }
  tr[data-unread='true'] td {
    font-weight: 700;
  }
`

export const Muted = styled.p`
  margin: 0;
  color: var(--theme-elevation-600);
`

export const ErrorText = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: var(--theme-error-500);
`

export const Pill = styled.span<{ $tone?: 'success' | 'warning' | 'error' | 'plain' }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  background: ${({ $tone = 'plain' }) =>
    $tone === 'plain' ? 'var(--theme-elevation-100)' : `var(--theme-${$tone}-100)`};
  color: ${({ $tone = 'plain' }) =>
    $tone === 'plain' ? 'var(--theme-text)' : `var(--theme-${$tone}-800)`};
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
