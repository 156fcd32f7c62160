/**
 * The admin that sends live preview messages is the site itself: its origin is the page's own.
 * The hooks read it in effects only, so the server render never needs it.
 */
export const siteOrigin = () => (typeof window === 'undefined' ? '' : window.location.origin)
