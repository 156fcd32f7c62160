/* Generated shape of Payload's REST route, with a body limit on the routes that take a body. */
import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { endpoints } from '@/endpoints'
import { declaredBodyLimits, withBodyLimit } from '@/lib/body-limit'
import { withRequestId } from '@/lib/request-id'

const ownLimits = declaredBodyLimits(endpoints)

export const GET = withRequestId(REST_GET(config))
export const POST = withRequestId(withBodyLimit(REST_POST(config), ownLimits))
export const DELETE = withRequestId(withBodyLimit(REST_DELETE(config), ownLimits))
export const PATCH = withRequestId(withBodyLimit(REST_PATCH(config), ownLimits))
export const PUT = withRequestId(withBodyLimit(REST_PUT(config), ownLimits))
export const OPTIONS = withRequestId(REST_OPTIONS(config))
