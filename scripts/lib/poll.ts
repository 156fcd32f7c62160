/** A page as read: its status and its body as text. */
export type PageRead = { status: number; body: string }

/**
 * Reads a page until its body shows the text (or, with `present: false`, no longer shows it), or
 * until `timeoutMs` has passed; `intervalMs` between reads. `read` is an address to fetch or a
 * function that reads the page another way (through the front). Gives the last read, whether it
 * is as wanted (`changed`) and the ms since the first read began; never throws on a timeout, so
 * the caller's assertion names what was missing.
 */
export const pollPage = async (
  read: string | (() => Promise<PageRead>),
  text: string,
  { present = true, timeoutMs = 30_000, intervalMs = 100 } = {},
): Promise<PageRead & { changed: boolean; ms: number }> => {
  const readPage =
    typeof read === 'string'
      ? async () => {
          const response = await fetch(read)
          return { status: response.status, body: await response.text() }
        }
      : read
  const started = performance.now()
  for (;;) {
    const page = await readPage()
    const ms = performance.now() - started
    const changed = page.body.includes(text) === present
    if (changed || ms > timeoutMs) return { ...page, changed, ms }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
