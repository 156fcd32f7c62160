import type { FailedRender, FailedRequest } from './services/shared/request-errors'

/** Runs once when the Next server starts (Node.js runtime). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { installShutdownHooks } = await import('./lib/shutdown')
  installShutdownHooks()
  // Not while the site is being built: the heartbeat and metrics belong to a running server.
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const { startInstanceMonitoring } = await import('./services/system/metrics-server')
  void startInstanceMonitoring().catch((error) =>
    console.error('Instance monitoring did not start:', error),
  )
}

/** Every error Next.js meets while answering a request: logged with the digest visitors see. */
export async function onRequestError(
  error: unknown,
  request: FailedRequest,
  context: FailedRender,
) {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { logRequestError } = await import('./services/shared/request-errors')
  await logRequestError(error, request, context)
}
