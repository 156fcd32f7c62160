import Link from '../Link'
import { notFound } from 'next/navigation'

import { BackHome } from '@/components/site/content/BackHome'
import { getArticles, getFeaturedArticle } from '@/services/content/pages'

import {
  Badge,
  ButtonLink,
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  Heading,
  Lead,
  Page,
  Section,
  Title,
} from '../ui'
import { ArticleMeta, TagList } from './ArticleBody'
import { ArticleList, Pagination } from './ArticleList'
import { longUsDate } from './format'
import { MediaImage } from '../MediaImage'
import styles from './insights.module.css'

/** /insights and /insights/page/[n]: the featured article on page 1, then the others newest first. */
export const InsightsIndex = async ({ page }: { page: number }) => {
  const featured = await getFeaturedArticle()
  const list = await getArticles(page, featured?.id)
  if (page > 1 && list.docs.length === 0) notFound()
  return (
    <Page>
      <Section>
        <Container $narrow>
          <BackHome />
          <Centered>
            <Eyebrow>Starfinity Insights</Eyebrow>
            <Title>Stories Behind the Stories</Title>
            <Lead>
              Notes from the makers of Starfinity on the ideas, places and people behind our books,
              songs and guides.
            </Lead>
          </Centered>
        </Container>
      </Section>
      {featured && page === 1 && (
        <Section aria-labelledby="featured-article">
          <Container $narrow>
            <Card as="article">
              <MediaImage
                media={featured.coverImage}
                sizes="(max-width: 820px) 100vw, 780px"
                priority
                className={styles.cover}
              />
              <TagList aria-label="Topics">
                {(featured.topics ?? []).map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </TagList>
              {featured.featured && <Badge>Featured</Badge>}
              <Heading id="featured-article" style={{ marginTop: 12 }}>
                <Link href={`/insights/${featured.slug}`} className={styles.titleLink}>
                  {featured.title}
                </Link>
              </Heading>
              <Lead>{featured.excerpt}</Lead>
              <ArticleMeta>
                <span>By {featured.author}</span>
                <span>
                  <time dateTime={featured.publishedAt}>{longUsDate(featured.publishedAt)}</time>
                </span>
                <span>{featured.readTime ?? '5 min'} read</span>
              </ArticleMeta>
              <ButtonRow>
                <ButtonLink href={`/insights/${featured.slug}`}>Read the Article</ButtonLink>
              </ButtonRow>
            </Card>
          </Container>
        </Section>
      )}
      <Section $tone="panel" aria-labelledby="more-articles">
        <Container>
          <Heading id="more-articles">
            {page === 1 ? 'More Insights' : `Insights, page ${page}`}
          </Heading>
          <ArticleList articles={list.docs} labelledBy="more-articles" />
          <Pagination page={page} totalPages={Math.max(list.totalPages, 1)} />
          <ButtonRow $center>
            <ButtonLink href="/waitlist">Join the Waitlist</ButtonLink>
          </ButtonRow>
        </Container>
      </Section>
    </Page>
  )
}
