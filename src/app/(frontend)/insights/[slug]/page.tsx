import { RichText } from '@payloadcms/richtext-lexical/react'
import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'

import { BackHome } from '@/components/site/content/BackHome'
import { getAllArticles, getArticle, getRedirect } from '@/components/site/content/data'
import { ArticleBody, ArticleMeta, TagList } from '@/components/site/insights/ArticleBody'
import { ArticleList } from '@/components/site/insights/ArticleList'
import { longUsDate } from '@/components/site/insights/format'
import { MediaImage } from '@/components/site/MediaImage'
import styles from '@/components/site/insights/insights.module.css'
import {
  Badge,
  ButtonLink,
  ButtonRow,
  Container,
  Eyebrow,
  Heading,
  Lead,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
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
  const related = (article.relatedArticles ?? []).filter(
    (a): a is Article => typeof a === 'object' && a !== null && a._status === 'published',
  )
  return (
    <Page>
      <Section>
        <Container $narrow>
          <BackHome />
          <article aria-labelledby="article-title">
            <Eyebrow>Starfinity Insights</Eyebrow>
            <Title id="article-title">{article.title}</Title>
            <Lead>{article.excerpt}</Lead>
            <TagList aria-label="Topics">
              {(article.topics ?? []).map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </TagList>
            {article.featured && <Badge>Featured</Badge>}
            <ArticleMeta>
              <span>By {article.author}</span>
              <span>
                <time dateTime={article.publishedAt}>{longUsDate(article.publishedAt)}</time>
              </span>
              <span>{article.readTime ?? '5 min'} read</span>
            </ArticleMeta>
            <MediaImage
              media={article.coverImage}
              sizes="(max-width: 820px) 100vw, 780px"
              priority
              className={styles.hero}
            />
            <ArticleBody>
              <RichText data={article.content} disableContainer />
            </ArticleBody>
          </article>
          <ButtonRow>
            <ButtonLink href="/insights">All Insights</ButtonLink>
            <ButtonLink href="/coming-soon">Explore More Characters</ButtonLink>
          </ButtonRow>
        </Container>
      </Section>
      {related.length > 0 && (
        <Section $tone="panel" aria-labelledby="related-articles" className={styles.related}>
          <Container>
            <Heading id="related-articles">Related Insights</Heading>
            <ArticleList articles={related} labelledBy="related-articles" />
          </Container>
        </Section>
      )}
    </Page>
  )
}
