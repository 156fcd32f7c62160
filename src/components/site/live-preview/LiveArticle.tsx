'use client'

import { useLivePreview } from '@payloadcms/live-preview-react'

import type { Article } from '@/payload-types'

import { ArticleView } from '../insights/ArticleView'
import { siteOrigin } from './origin'

/** An article in the admin's live preview: re-rendered from the form as the editor types. */
export function LiveArticle({ article }: { article: Article }) {
  const { data } = useLivePreview<Article>({
    initialData: article,
    serverURL: siteOrigin(),
    depth: 2,
  })
  return <ArticleView article={data} />
}
