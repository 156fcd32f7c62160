'use client'

import { type ReactNode, useEffect, useRef } from 'react'

import styles from './Modal.module.css'

/**
 * The one dialog of the site and the dashboard, on the native <dialog> element: focus is trapped
 * and Escape closes it, and so does a click on the backdrop. The site's look is drawn for the dark
 * public pages; the dashboard's (`look="admin"`) takes the admin's colours and shows `label` as
 * its heading.
 */
export function Modal({
  isOpen,
  onClose,
  label,
  children,
  wide,
  look = 'site',
}: {
  isOpen: boolean
  onClose: () => void
  label: string
  children: ReactNode
  wide?: boolean
  look?: 'site' | 'admin'
}) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (isOpen && !element.open) element.showModal()
    if (!isOpen && element.open) element.close()
  }, [isOpen])

  const close = (
    <button className={styles.close} type="button" aria-label="Close" onClick={onClose}>
      {look === 'admin' ? (
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path d="M14 6L6 14M6 6L14 14" stroke="currentColor" strokeLinecap="square" />
        </svg>
      ) : (
        '×'
      )}
    </button>
  )

  return (
    <dialog
      className={styles.dialog}
      ref={dialog}
      aria-label={label}
      data-look={look}
      data-wide={wide ?? false}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose()
      }}
    >
      {isOpen && (
        <div className={styles.body}>
          {look === 'admin' ? (
            <div className={styles.header}>
              <h2>{label}</h2>
              {close}
            </div>
          ) : (
            close
          )}
          {children}
        </div>
      )}
    </dialog>
  )
}
