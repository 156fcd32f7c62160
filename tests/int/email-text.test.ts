import { describe, expect, it } from 'vitest'

import { escapeHtml, htmlToText, isHtmlContent, textToHtml } from '@/lib/email/html-text'

describe('the plain-text part of an HTML email', () => {
  it('keeps paragraphs, line breaks, list items and link addresses; drops head, styles and images', () => {
    const html = `<html><head><title>T</title><style>p { color: red }</style></head><body>
      <h1>Hello Sam</h1><p>One &amp; two<br>three</p><ul><li>first</li><li>second</li></ul>
      <p>Read <a href="https://starfinity.test/insights">our insights</a> or
      <a href="https://starfinity.test/faq">https://starfinity.test/faq</a>.</p>
      <img src="https://starfinity.test/logo.png" alt="logo"><div>Bye</div></body></html>`
    expect(htmlToText(html)).toBe(
      [
        'Hello Sam',
        '',
        'One & two',
        'three',
        '',
        '- first',
        '- second',
        '',
        'Read our insights (https://starfinity.test/insights) or https://starfinity.test/faq.',
        '',
        'Bye',
      ].join('\n'),
    )
  })

  it('never wraps long lines (a link must stay on one line to work)', () => {
    const long = `${'word '.repeat(40)}https://starfinity.test/${'x'.repeat(120)}`
    expect(htmlToText(`<p>${long}</p>`)).toBe(long)
  })

  it('text → HTML escapes markup and links addresses; the text part reads back the same', () => {
    const text = 'Hi <b>you</b> & co.\nSee https://starfinity.test/faq.\n\nBye'
    const html = textToHtml(text)
    expect(html).toContain('Hi &lt;b&gt;you&lt;/b&gt; &amp; co.<br>')
    expect(html).toContain('<a href="https://starfinity.test/faq">https://starfinity.test/faq</a>.')
    expect(htmlToText(html)).toBe(text)
    expect(isHtmlContent(html)).toBe(false)
    expect(isHtmlContent('<div class="x">hi</div>')).toBe(true)
    expect(escapeHtml('"<&>"')).toBe('&quot;&lt;&amp;&gt;&quot;')
  })
})
