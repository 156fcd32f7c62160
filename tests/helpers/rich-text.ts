/** A Lexical rich-text value of one paragraph (an article's body as the admin stores it). */
export const paragraph = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr' as const,
    format: '' as const,
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        textFormat: 0,
        children: [
          { type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' },
        ],
      },
    ],
  },
})

/** A Lexical value of one paragraph holding one link to `url` (custom, as the admin's link drawer makes it). */
export const linkParagraph = (url: string, type: 'link' | 'autolink' = 'link') => {
  const value = paragraph('See ')
  value.root.children[0]!.children.push({
    type,
    version: 3,
    fields: { linkType: 'custom', url, newTab: false },
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      { type: 'text', version: 1, text: 'this', format: 0, detail: 0, mode: 'normal', style: '' },
    ],
  } as never)
  return value
}
