'use client'

import { type ReactNode, useEffect, useRef } from 'react'
import styles from './Modal.module.css'

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
    <dialog
      className={styles.dialog}
      ref={dialog}
      aria-label={label}
      data-wide={wide ?? false}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose()
      }}
    >
      {isOpen && (
        <div className={styles.body}>
          <button className={styles.close} type="button" aria-label="Close" onClick={onClose}>
            ×
          </button>
          {children}
        </div>
      )}
    </dialog>
  )
}
