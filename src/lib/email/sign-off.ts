import { escapeHtml } from './html-text'

/**
 * The fixed sign-off every written email ends with (spec §9). Any older sign-off in the body is
 * removed first, so a reply or an AI draft that already carries one never ends with two.
 */
export const SIGN_OFF_MARKER = 'With cosmic love,'

export type SignOffLinks = { linkHubUrl: string; siteUrl: string }

export const signOffText = ({ linkHubUrl, siteUrl }: SignOffLinks) =>
  [
    SIGN_OFF_MARKER,
    'The Starfinity Team',
    '',
    `Connect with us: ${linkHubUrl}`,
    `Visit: ${siteUrl}`,
  ].join('\n')

export const signOffHtml = ({ linkHubUrl, siteUrl }: SignOffLinks) =>
  `<p>${SIGN_OFF_MARKER}<br>The Starfinity Team</p>` +
  `<p>Connect with us: <a href="${escapeHtml(linkHubUrl)}">${escapeHtml(linkHubUrl)}</a><br>` +
  `Visit: <a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>`

// Common closings a draft may already end with; everything from the last one on is dropped.
const CLOSING =
  /\n[ \t]*(with cosmic love|with love|warm regards|kind regards|best regards|best wishes|warmly|cheers|sincerely|love and light)[,!.]?[^\n]*(\n[\s\S]*)?$/i
const HTML_CLOSING =
  /<p>\s*(with cosmic love|with love|warm regards|kind regards|best regards|best wishes|warmly|cheers|sincerely|love and light)[,!.]?[\s\S]*$/i

export const withSignOffText = (body: string, links: SignOffLinks) =>
  `${body.replace(CLOSING, '').trimEnd()}\n\n${signOffText(links)}\n`

export const withSignOffHtml = (html: string, links: SignOffLinks) =>
  `${html.replace(HTML_CLOSING, '').trimEnd()}\n${signOffHtml(links)}`
