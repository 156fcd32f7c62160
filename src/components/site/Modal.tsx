'use client'

import { type ReactNode, useEffect, useRef } from 'react'
import styled from 'styled-components'

import { colors } from './theme'

/**
 * A dialog on the native <dialog> element: focus is trapped and Escape closes it. A click on the
 * backdrop closes it too.
 */
export function Modal({
  isOpen,
  onClose,
  label,
  children,
  wide,
}: {
  isOpen: boolean
  onClose: () => void
  label: string
  children: ReactNode
  wide?: boolean
}) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (isOpen && !element.open) element.showModal()
    if (!isOpen && element.open) element.close()
  }, [isOpen])

  return (
    <Dialog
      ref={dialog}
      aria-label={label}
      data-wide={wide ?? false}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose()
      }}
    >
      {isOpen && (
        <Body>
          <Close type="button" aria-label="Close" onClick={onClose}>
            ×
          </Close>
          {children}
        </Body>
      )}
    </Dialog>
  )
}

const Dialog = styled.dialog`
  width: min(560px, calc(100vw - 24px));
  max-height: calc(100vh - 24px);
  padding: 0;
  border: 1px solid ${colors.border};
  border-radius: 20px;
  background: #151136;
  color: ${colors.text};
  &[data-wide='true'] {
    width: min(1000px, calc(100vw - 24px));
  }
  &::backdrop {
    background: rgba(3, 2, 12, 0.75);
    backdrop-filter: blur(4px);
  }
`

const Body = styled.div`
  position: relative;
  padding: 28px 24px 24px;
`

const Close = styled.button`
  position: absolute;
  top: 10px;
  right: 12px;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: ${colors.panel};
  color: ${colors.text};
  font-size: 1.5rem;
  cursor: pointer;
`
