/** The first message per field, keyed by its dotted path. */
export type FieldErrors = Record<string, string>

/** An error a client caused or may act on; its message is safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new AppError(400, message, errors)
export const conflict = (message: string, errors?: FieldErrors) =>
  new AppError(409, message, errors)

/** A unique index refused the row: the same thing already exists. */
export const isUniqueViolation = (error: unknown): boolean => {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const candidate = current as {
      code?: string
      name?: string
      data?: { errors?: { message?: string }[] }
      cause?: unknown
    }
    if (candidate.code === '23505') return true
    // Payload's ValidationError (its class name does not survive minification): "Value must be unique".
    if (candidate.data?.errors?.some((e) => /must be unique/i.test(e.message ?? ''))) return true
    current = candidate.cause
  }
  return false
}

/**
 * PostgreSQL refused a value the request supplied (SQLSTATE class 22, a data exception: a
 * non-integer id, a NUL character, a negative page): the client's input, not a server fault.
 */
export const isInvalidValue = (error: unknown): boolean => {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
