import { convert } from 'html-to-text'

/** Composer content counts as HTML when it has an html or div opening tag (spec §5). */
export const isHtmlContent = (content: string) => /<(html|div)(\s[^>]*)?>/i.test(content)

/**
 * The plain-text part sent beside an HTML body (html-to-text): headings keep their case, lines are
 * not wrapped, links keep their address in parentheses unless the label already is the address,
 * images are left out, list items start with "- ".
 */
export const htmlToText = (html: string) =>
  convert(html, {
    wordwrap: false,
    selectors: [
      {
        selector: 'a',
        options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true, ignoreHref: false },
      },
      { selector: 'img', format: 'skip' },
      { selector: 'ul', options: { itemPrefix: '- ' } },
      ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim()

/** Text made safe inside HTML text and double-quoted attributes (every email body uses this one). */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The HTML part sent beside a plain-text body: paragraphs, line breaks and clickable links. */
export const textToHtml = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n')
