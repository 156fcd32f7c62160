import { getAllArticles } from '@/services/content/pages'
import { serverUrl } from '@/lib/env'
import { DEFAULT_DESCRIPTION, SITE_NAME } from '@/lib/metadata'

// Read per request, like the sitemap: drafts never appear, a publish shows at once.
export const dynamic = 'force-dynamic'

const escape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  )

/** /insights/feed.xml: an Atom feed of every published article, newest first. */
export async function GET() {
  const base = serverUrl()
  const articles = await getAllArticles()
  const self = new URL('/insights/feed.xml', base).toString()
  const updated = articles[0]?.updatedAt ?? new Date(0).toISOString()
  const entries = articles.map((article) => {
    const url = new URL(`/insights/${article.slug}`, base).toString()
    return `  <entry>
    <title>${escape(article.title)}</title>
    <link href="${escape(url)}"/>
    <id>${escape(url)}</id>
    <published>${new Date(article.publishedAt).toISOString()}</published>
    <updated>${new Date(article.updatedAt).toISOString()}</updated>
    <author><name>${escape(article.author)}</name></author>
    <summary>${escape(article.excerpt)}</summary>
  </entry>`
  })
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escape(`${SITE_NAME} Insights`)}</title>
  <subtitle>${escape(DEFAULT_DESCRIPTION)}</subtitle>
  <link href="${escape(self)}" rel="self"/>
  <link href="${escape(new URL('/insights', base).toString())}"/>
  <id>${escape(self)}</id>
  <updated>${new Date(updated).toISOString()}</updated>
${entries.join('\n')}
</feed>
`
  return new Response(xml, {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
  })
}
