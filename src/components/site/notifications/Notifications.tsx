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
import styled from 'styled-components'

import { CopyLink } from '../CopyLink'
import { colors } from '../theme'

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
    <Viewport ref={viewport} tabIndex={-1} aria-label="Notifications (F8)">
      <ol aria-live="polite" aria-atomic="true">
        {notice && <NoticeItem key={notice.id} notice={notice} onClose={onClose} />}
      </ol>
    </Viewport>
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
      <Toast
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
        <ToastBody>
          <ToastTitle>{notice.title}</ToastTitle>
          {notice.description && <ToastText>{notice.description}</ToastText>}
          {notice.link && <CopyLink url={notice.link.url} label={notice.link.label} />}
        </ToastBody>
        <Close type="button" aria-label="Close notification" onClick={onClose}>
          ×
        </Close>
      </Toast>
    </li>
  )
}

const Viewport = styled.section`
  position: fixed;
  z-index: 100;
  right: 0;
  bottom: 0;
  width: 100%;
  max-width: 420px;
  padding: 16px;
  outline: none;
  pointer-events: none;
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`

const Toast = styled.div`
  pointer-events: auto;
  touch-action: pan-y;
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 18px;
  border-radius: 16px;
  color: ${colors.text};
  background: #1d1846;
  border: 1px solid ${colors.border};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.45);
  &[data-variant='destructive'] {
    background: #5a1530;
    border-color: ${colors.danger};
  }
`

const ToastBody = styled.div`
  flex: 1;
  min-width: 0;
`

const ToastTitle = styled.p`
  margin: 0;
  font-weight: 700;
`

const ToastText = styled.p`
  margin: 4px 0 0;
  color: ${colors.muted};
  font-size: 0.92rem;
  [data-variant='destructive'] & {
    color: #ffd6de;
  }
`

const Close = styled.button`
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;
  padding: 0 4px;
`
