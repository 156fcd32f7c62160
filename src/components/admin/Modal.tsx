'use client'

import { type ReactNode, useEffect, useRef } from 'react'
import styled from 'styled-components'

/**
 * The dashboard's dialog, on the native <dialog> (focus trapped, Escape closes), in the admin's
 * colours; the site's dialog is drawn for the dark public pages.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
}: {
  isOpen: boolean
  onClose: () => void
  title: string
  children: ReactNode
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
      aria-label={title}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose()
      }}
    >
      {isOpen && (
        <Body>
          <Header>
            <h2>{title}</h2>
            <Close type="button" aria-label="Close" onClick={onClose}>
              ×
            </Close>
          </Header>
          {children}
        </Body>
      )}
    </Dialog>
  )
}

const Dialog = styled.dialog`
  width: min(720px, calc(100vw - 16px));
  max-height: calc(100vh - 16px);
  padding: 0;
  border: 1px solid var(--theme-elevation-150);
  border-radius: var(--style-radius-m, 8px);
  background: var(--theme-elevation-0);
  color: var(--theme-text);
  &::backdrop {
    background: rgba(0, 0, 0, 0.55);
  }
`

const Body = styled.div`
  display: grid;
  gap: 14px;
  padding: 16px;
`

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  h2 {
    flex: 1;
    margin: 0;
    font-size: 1.2rem;
  }
`

const Close = styled.button`
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: 50%;
  background: var(--theme-elevation-100);
  color: var(--theme-text);
  font-size: 1.4rem;
  cursor: pointer;
`
