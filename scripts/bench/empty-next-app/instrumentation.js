/**
 * Next.js looks for the instrumentation hook and the proxy from the app's folder upwards: without
 * these two files of its own, the empty page would take the site's (src/instrumentation.ts,
 * src/proxy.ts), which need the site's database and secrets. The floor is the framework alone.
 */
export function register() {}
