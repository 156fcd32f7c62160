import { RichText } from '@payloadcms/richtext-lexical/react'

import type { Article } from '@/payload-types'

import { BackHome } from '../content/BackHome'
import { MediaImage } from '../MediaImage'
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
} from '../ui'
import { ArticleBody, ArticleMeta, TagList } from './ArticleBody'
import { ArticleList } from './ArticleList'
import { longUsDate } from './format'
import { safeLinks } from './safe-links'
import styles from './insights.module.css'

/**
 * One article as /insights/[slug] shows it: rendered on the server for the page cache, and in the
 * browser for an editor's live preview (decision 0120), so it uses no server-only module.
 */
export function ArticleView({ article }: { article: Article }) {
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
            {article.featured && <Badge className={styles.badge}>Featured</Badge>}
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
              <RichText data={article.content} converters={safeLinks} disableContainer />
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
