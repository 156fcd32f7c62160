import { type CollectionBeforeValidateHook, ValidationError } from 'payload'

import { isSafeLink, UNSAFE_LINK_MESSAGE } from '@/lib/links'

type LexicalNode = {
  type?: unknown
  fields?: { linkType?: unknown; url?: unknown } | null
  children?: unknown
}

/** Whether a Lexical link or autolink node leads somewhere a visitor may be sent. */
const isSafeLinkNode = (node: LexicalNode) =>
  node.fields?.linkType === 'internal' ||
  (typeof node.fields?.url === 'string' && isSafeLink(node.fields.url))

/** The targets of the links (and autolinks) in a Lexical value that lead nowhere allowed. */
export const unsafeLinksIn = (value: unknown): string[] => {
  const found: string[] = []
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const current = node as LexicalNode
    if ((current.type === 'link' || current.type === 'autolink') && !isSafeLinkNode(current))
      found.push(String(current.fields?.url ?? ''))
    if (Array.isArray(current.children)) current.children.forEach(walk)
  }
  walk((value as { root?: unknown } | null)?.root)
  return found
}

/**
 * Links in rich text lead to pages of this site or to allowed addresses (decision 0191): a
 * `javascript:`, `data:` or `vbscript:` link is a 400 naming the field, through every door.
 */
export const checkRichTextLinks =
  (fieldNames: string[]): CollectionBeforeValidateHook =>
  ({ data, collection }) => {
    const errors = fieldNames.flatMap((name) => {
      const [first] = unsafeLinksIn((data as Record<string, unknown> | undefined)?.[name])
      if (first === undefined) return []
      return [
        {
          path: name,
          message: `Links ${UNSAFE_LINK_MESSAGE.replace(/^Must/, 'must')}, not ${first.slice(0, 80)}`,
        },
      ]
    })
    if (errors.length) throw new ValidationError({ collection: collection.slug, errors })
    return data
  }
