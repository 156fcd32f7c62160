'use client'

import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'
import { CopyLink } from '../CopyLink'
import styles from './Notifications.module.css'

/** Spec §9: one notice at a time, closed after 5 s, swiped away to the right past 50 px, F8 to reach. */
export const NOTICE_DURATION_MS = 5000
export const SWIPE_THRESHOLD_PX = 50

export type Notice = {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
  /** A link to share, shown with a copy button (the waitlist's referral link). */
  link?: { url: string; label: string }
}
type ShownNotice = Notice & { id: number }

const NotifyContext = createContext<(notice: Notice) => void>(() => undefined)

/** Shows a notice (replacing the one on screen). */
export const useNotify = () => useContext(NotifyContext)

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<ShownNotice | null>(null)
  const notify = useCallback(
    (next: Notice) => setNotice((current) => ({ ...next, id: (current?.id ?? 0) + 1 })),
    [],
  )
  const close = useCallback(() => setNotice(null), [])
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <NotificationViewport notice={notice} onClose={close} />
    </NotifyContext.Provider>
  )
}

function NotificationViewport({
  notice,
  onClose,
}: {
  notice: ShownNotice | null
  onClose: () => void
}) {
  const viewport = useRef<HTMLElement>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') viewport.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section
      className={styles.viewport}
      ref={viewport}
      tabIndex={-1}
      aria-label="Notifications (F8)"
    >
      <ol aria-live="polite" aria-atomic="true">
        {notice && <NoticeItem key={notice.id} notice={notice} onClose={onClose} />}
      </ol>
    </section>
  )
}

/** One notice: closes itself after 5 s (paused while hovered or focused), swipes away right. */
function NoticeItem({ notice, onClose }: { notice: ShownNotice; onClose: () => void }) {
  const [isPaused, setPaused] = useState(false)
  const [offset, setOffset] = useState(0)
  const start = useRef<number | null>(null)

  useEffect(() => {
    if (isPaused) return
    const timer = setTimeout(onClose, NOTICE_DURATION_MS)
    return () => clearTimeout(timer)
  }, [isPaused, onClose])

  const endSwipe = () => {
    if (start.current !== null && offset >= SWIPE_THRESHOLD_PX) onClose()
    else setOffset(0)
    start.current = null
  }

  // The list item holds the notice: a role on the <li> itself would leave the list without items.
  return (
    <li>
      <div
        className={styles.toast}
        role={notice.variant === 'destructive' ? 'alert' : 'status'}
        data-variant={notice.variant ?? 'default'}
        style={{ transform: `translateX(${offset}px)`, opacity: 1 - offset / 200 }}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onPointerDown={(event) => {
          start.current = event.clientX
        }}
        onPointerMove={(event) => {
          if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current))
        }}
        onPointerUp={endSwipe}
        onPointerCancel={endSwipe}
      >
        <div className={styles.body}>
          <p className={styles.title}>{notice.title}</p>
          {notice.description && <p className={styles.text}>{notice.description}</p>}
          {notice.link && <CopyLink url={notice.link.url} label={notice.link.label} />}
        </div>
        <button
          className={styles.close}
          type="button"
          aria-label="Close notification"
          onClick={onClose}
        >
          ×
        </button>
      </div>
    </li>
  )
}
