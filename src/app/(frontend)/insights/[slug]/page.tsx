import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'

import { getAllArticles, getArticle, getRedirect } from '@/components/site/content/data'
import { previewReader } from '@/components/site/content/draft'
import { ArticleView } from '@/components/site/insights/ArticleView'
import { LiveArticle } from '@/components/site/live-preview/LiveArticle'
import { pageMetadata } from '@/lib/metadata'
import type { Article, Media } from '@/payload-types'

type Params = Promise<{ slug: string }>

/** Published articles are rendered at build; new ones on first view, then cached (decision 0070). */
export async function generateStaticParams() {
  try {
    return (await getAllArticles()).map((article) => ({ slug: article.slug }))
  } catch {
    return []
  }
}

const shareImage = (article: Article) => {
  const image = [article.meta?.image, article.coverImage].find(
    (m): m is Media => typeof m === 'object' && m !== null,
  )
  // Link previews take no SVG: without a raster picture the site's card is shown.
  if (image?.sizes?.share?.url) return image.sizes.share.url
  return image?.mimeType === 'image/svg+xml' ? undefined : (image?.url ?? undefined)
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params
  const article = await getArticle(slug)
  if (!article) return pageMetadata({ title: 'Article not found', path: `/insights/${slug}` })
  return pageMetadata({
    title: article.meta?.title?.replace(/ \| Starfinity$/, '') || article.title,
    description: article.meta?.description || article.excerpt,
    path: `/insights/${article.slug}`,
    image: shareImage(article),
  })
}

/** An old address of a renamed article answers 308 to the new one (plugin-redirects). */
const redirectOrNotFound = async (slug: string): Promise<never> => {
  const redirect = await getRedirect(`/insights/${slug}`)
  const target = redirect?.to?.reference?.value
  if (redirect?.to?.type === 'custom' && redirect.to.url) permanentRedirect(redirect.to.url)
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
