import type { SerializedAutoLinkNode, SerializedLinkNode } from '@payloadcms/richtext-lexical'
import type { JSXConverter, JSXConvertersFunction } from '@payloadcms/richtext-lexical/react'

import { safeLinkTarget } from '@/lib/links'

/**
 * A link converter that renders only links to allowed places (decision 0191). Links are checked
 * when saved; one stored before that rule, or written by other means, renders as its text when it
 * leads to no allowed place (`javascript:`, `data:`…), never as an href.
 */
const guard = <Node extends SerializedLinkNode | SerializedAutoLinkNode>(
  convert: JSXConverter<Node> | undefined,
): JSXConverter<Node> =>
  function SafeLink(args) {
    const render = (node: Node) =>
      typeof convert === 'function' ? convert({ ...args, node }) : convert
    const fields = args.node.fields as { linkType?: string; url?: string }
    if (fields.linkType === 'internal') return render(args.node)
    const target = safeLinkTarget(fields.url ?? '')
    if (!target) return <>{args.nodesToJSX({ nodes: args.node.children })}</>
    return render({ ...args.node, fields: { ...args.node.fields, url: target } })
  }

export const safeLinks: JSXConvertersFunction = ({ defaultConverters }) => ({
  ...defaultConverters,
  link: guard(defaultConverters.link),
  autolink: guard(defaultConverters.autolink),
})
