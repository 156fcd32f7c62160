import Link from '../Link'

import type { Article } from '@/payload-types'

import { Card, Grid, Muted, Subheading } from '../ui'
import { ArticleMeta, TagList } from './ArticleBody'
import { longUsDate } from './format'
import { MediaImage } from '../MediaImage'
import styles from './insights.module.css'

/** The cards of /insights: cover, topics, title (a link to the article), excerpt and date. */
export const ArticleList = ({
  articles,
  labelledBy,
}: {
  articles: Article[]
  labelledBy: string
}) => (
  <Grid as="ul" $min={280} className={styles.cards} aria-labelledby={labelledBy}>
    {articles.map((article) => (
      <li key={article.id}>
        <Card as="article" className={styles.card}>
          <MediaImage
            media={article.coverImage}
            sizes="(max-width: 640px) 100vw, 360px"
            className={styles.cover}
          />
          <TagList aria-label="Topics">
            {(article.topics ?? []).map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </TagList>
          <Subheading>
            <Link href={`/insights/${article.slug}`} className={styles.titleLink}>
              {article.title}
            </Link>
          </Subheading>
          <Muted>{article.excerpt}</Muted>
          <ArticleMeta>
            <span>
              <time dateTime={article.publishedAt}>{longUsDate(article.publishedAt)}</time>
            </span>
            <span>{article.readTime ?? '5 min'} read</span>
          </ArticleMeta>
        </Card>
      </li>
    ))}
  </Grid>
)

/** Previous / next page links of the article list. */
export const Pagination = ({ page, totalPages }: { page: number; totalPages: number }) => {
  if (totalPages <= 1) return null
  const href = (n: number) => (n === 1 ? '/insights' : `/insights/page/${n}`)
  return (
    <nav aria-label="More articles" className={styles.pagination}>
      {page > 1 && (
        <Link href={href(page - 1)} rel="prev">
          ← Newer articles
        </Link>
      )}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages && (
        <Link href={href(page + 1)} rel="next">
          Older articles →
        </Link>
      )}
    </nav>
  )
}
