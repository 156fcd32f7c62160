/** The empty page's own proxy, which runs for no address (see instrumentation.js). */
export function proxy() {}

export const config = { matcher: '/never-matched' }
