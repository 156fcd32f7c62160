import { draftMode } from 'next/headers'

import { openPreview } from './open-preview'

export const dynamic = 'force-dynamic'

export const GET = async (request: Request) => openPreview(request, await draftMode())
