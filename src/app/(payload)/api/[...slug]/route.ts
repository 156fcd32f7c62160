/* Generated shape of Payload's REST route, with a body limit on the routes that take a body. */
import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { withBodyLimit } from '@/lib/body-limit'
import { withRequestId } from '@/lib/request-id'

export const GET = withRequestId(REST_GET(config))
export const POST = withRequestId(withBodyLimit(REST_POST(config)))
export const DELETE = withRequestId(withBodyLimit(REST_DELETE(config)))
export const PATCH = withRequestId(withBodyLimit(REST_PATCH(config)))
export const PUT = withRequestId(withBodyLimit(REST_PUT(config)))
export const OPTIONS = withRequestId(REST_OPTIONS(config))
