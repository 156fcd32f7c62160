/**
 * Ctrl-C during `npm run bench`: the measurement in progress stops, then the run cleans up as
 * after a failure (scripts/bench/run.ts).
 */
export class Interrupted extends Error {}

export const interrupt = new AbortController()

export const checkInterrupted = () => {
  if (interrupt.signal.aborted) throw new Interrupted('interrupted')
}

/** A pause that ends early when the run is interrupted. */
export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      interrupt.signal.removeEventListener('abort', done)
      resolve()
    }
    interrupt.signal.addEventListener('abort', done)
  })
