import { RichText } from '@payloadcms/richtext-lexical/react'

import { BackHome } from '@/components/site/content/BackHome'
import { getFeaturedInsight } from '@/components/site/content/data'
import { ArticleBody, ArticleMeta, TagList } from '@/components/site/insights/ArticleBody'
import { longUsDate } from '@/components/site/insights/format'
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
  Muted,
  Page,
  Section,
  Title,
} from '@/components/site/ui'
import { pageMetadata } from '@/lib/metadata'

export const metadata = pageMetadata({
  title: 'Insights: Stories Behind the Stories',
  description:
    'Starfinity Insights: the stories behind our books, songs and animal guides, told by the ' +
    'people who make them.',
  path: '/insights',
})

export default async function InsightsPage() {
  const article = await getFeaturedInsight()
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
      {article && (
        <Section aria-labelledby="featured-article">
          <Container $narrow>
            <Card as="article">
              <TagList aria-label="Tags">
                {(article.tags ?? []).map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </TagList>
              {article.featured && <Badge>Featured</Badge>}
              <Heading id="featured-article" style={{ marginTop: 12 }}>
                {article.title}
              </Heading>
              <Lead>{article.excerpt}</Lead>
              <ArticleMeta>
                <span>By {article.author}</span>
                <span>
                  <time dateTime={article.date}>{longUsDate(article.date)}</time>
                </span>
                <span>{article.readTime ?? '8 min'} read</span>
              </ArticleMeta>
              <ArticleBody>
                <RichText data={article.content} disableContainer />
              </ArticleBody>
              <ButtonRow>
                <ButtonLink href="/coming-soon">Explore More Characters</ButtonLink>
              </ButtonRow>
            </Card>
          </Container>
        </Section>
      )}
      <Section $tone="panel">
        <Container $narrow>
          <Card>
            <Centered>
              <Heading>More Insights Coming Soon</Heading>
              <Muted>
                New stories from behind the scenes are on their way. Join the waitlist to hear first
                when they are published.
              </Muted>
              <ButtonRow $center>
                <ButtonLink href="/waitlist">Join the Waitlist</ButtonLink>
              </ButtonRow>
            </Centered>
          </Card>
        </Container>
      </Section>
    </Page>
  )
}
