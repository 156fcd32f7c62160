import { AppError } from '@/lib/errors'
import { INVALID_LINK } from '@/schemas/email'

/** An email link whose token matches nothing. */
export const notFound = () => new AppError(404, INVALID_LINK, { token: INVALID_LINK })
