import { draftMode } from 'next/headers'

import { exitPreview } from '../open-preview'

export const dynamic = 'force-dynamic'

export const GET = async (request: Request) => exitPreview(request, await draftMode())
