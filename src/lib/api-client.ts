/**
 * The one fetch wrapper of the browser code (spec §7/§8): JSON in and out, cookies included; a
 * non-OK answer becomes an ApiError whose message is `<status>: <body text or status text>`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`)
  }

  /**
   * The server's words: `{ message }` (the site's endpoints) or the first of `{ errors: [{ message }] }`
   * (Payload's own routes), when the body is one of those JSON shapes.
   */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as {
        message?: unknown
        errors?: { message?: unknown }[]
      }
      const message = parsed.message ?? parsed.errors?.[0]?.message
      return typeof message === 'string' && message.trim() ? message : undefined
    } catch {
      return undefined
    }
  }
}

export const apiFetch = async <T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> => {
  // A file (an upload) goes as it is, with its own type; anything else as JSON.
  const isFile = typeof Blob !== 'undefined' && options.body instanceof Blob
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers:
      options.body === undefined
        ? undefined
        : {
            'Content-Type': isFile ? (options.body as Blob).type || 'text/csv' : 'application/json',
          },
    body:
      options.body === undefined
        ? undefined
        : isFile
          ? (options.body as Blob)
          : JSON.stringify(options.body),
    signal: options.signal,
  })
  const text = await response.text()
  if (!response.ok) throw new ApiError(response.status, text, response.statusText)
  return (text ? JSON.parse(text) : undefined) as T
}
