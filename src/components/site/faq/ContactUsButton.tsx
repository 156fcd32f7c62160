'use client'

import { Button } from '../ui'

/** 'Contact Us' on /faq: scrolls to the bottom of the page (smoothly unless motion is reduced). */
export function ContactUsButton() {
  const scrollToBottom = () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({
      top: document.documentElement.scrollHeight,
      behavior: reduced ? 'auto' : 'smooth',
    })
  }
  return (
    <Button type="button" onClick={scrollToBottom}>
      Contact Us
    </Button>
  )
}
