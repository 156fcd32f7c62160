import { createHash } from 'node:crypto'

// An inline <script> (no src attribute) and its text. Next.js escapes "</script" inside its
// flight data, so the first closing tag ends the script.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const HAS_SRC = /\ssrc\s*=/i
// Data blocks (JSON-LD, JSON) are never run, so the policy need not list them.
const DATA_TYPE = /\stype\s*=\s*["']?(application\/(ld\+)?json|text\/plain)/i

/**
 * The base64 SHA-256 of every inline script the page runs, in document order without repeats:
 * what `script-src 'sha256-…'` must list for the browser to run exactly these scripts.
 * @param {string} html
 * @returns {string[]}
 */
export const inlineScriptHashes = (html) => {
  const hashes = new Set()
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(attributes) || DATA_TYPE.test(attributes)) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}
