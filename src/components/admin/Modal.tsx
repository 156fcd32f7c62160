'use client'

import { Button } from '@payloadcms/ui'
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
            <Button
              buttonStyle="icon-label"
              icon="x"
              aria-label="Close"
              margin={false}
              onClick={onClose}
            />
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
