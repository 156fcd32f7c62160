/** Home sections the navigation scrolls to (spec §2). */
export const HOME_SECTIONS = [
  { id: 'ecosystem', label: 'Ecosystem' },
  { id: 'about', label: 'About' },
  { id: 'shop', label: 'Shop' },
  { id: 'connect', label: 'Connect' },
] as const

export const ANCHOR_SCROLL_DELAY_MS = 100

/** Smoothly scrolls to an element of the current page; false when it is not on this page. */
export const scrollToSection = (id: string) => {
  const element = document.getElementById(id)
  if (!element) return false
  element.scrollIntoView({ behavior: 'smooth', block: 'start' })
  return true
}
