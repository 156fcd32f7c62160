import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'

import { getAllArticles, getArticle, getRedirect } from '@/services/content/pages'
import { previewReader } from '@/services/content/draft'
import { ArticleView } from '@/components/site/insights/ArticleView'
import { shareImageUrl, withoutSiteName } from '@/components/site/content/page-metadata'
import { LiveArticle } from '@/components/site/live-preview/LiveArticle'
import { safeLinkTarget } from '@/lib/links'
import { pageMetadata } from '@/lib/metadata'

type Params = Promise<{ slug: string }>

/** Published articles are rendered at build; new ones on first view, then cached (decision 0070). */
export async function generateStaticParams() {
  try {
    return (await getAllArticles()).map((article) => ({ slug: article.slug }))
  } catch {
    return []
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params
  const article = await getArticle(slug)
  if (!article) return pageMetadata({ title: 'Article not found', path: `/insights/${slug}` })
  return pageMetadata({
    title: withoutSiteName(article.meta?.title) ?? article.title,
    description: article.meta?.description || article.excerpt,
    path: `/insights/${article.slug}`,
    image: shareImageUrl(article.meta?.image, article.coverImage),
  })
}

/** An old address of a renamed article answers 308 to the new one (plugin-redirects). */
const redirectOrNotFound = async (slug: string): Promise<never> => {
  const redirect = await getRedirect(`/insights/${slug}`)
  const target = redirect?.to?.reference?.value
  // Targets are checked when saved; one saved before that rule is checked again here.
  const custom =
    redirect?.to?.type === 'custom' && redirect.to.url && safeLinkTarget(redirect.to.url)
  if (custom) permanentRedirect(custom)
  if (target && typeof target === 'object' && target._status === 'published')
    permanentRedirect(`/insights/${target.slug}`)
  notFound()
}

export default async function ArticlePage({ params }: { params: Params }) {
  const { slug } = await params
  const article = await getArticle(slug)
  if (!article) return redirectOrNotFound(slug)
  // In an editor's preview the page follows the form as they type (decision 0120).
  return (await previewReader()) ? (
    <LiveArticle article={article} />
  ) : (
    <ArticleView article={article} />
  )
}
