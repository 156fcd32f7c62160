/** Runs once when the Next server starts (Node.js runtime). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { installShutdownHooks } = await import('./lib/shutdown')
  installShutdownHooks()
}
