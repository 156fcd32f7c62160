import fs from 'node:fs/promises'
import path from 'node:path'

import { MONACO_VERSION } from '@/lib/monaco'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
}

/** The package's built editor (`min/`), the only directory served; read at run time, not bundled. */
const MIN_DIR = path.join(
  /* turbopackIgnore: true */ process.cwd(),
  'node_modules',
  'monaco-editor',
  'min',
)

const notFound = () => Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })

/** GET /monaco-editor/<version>/vs/…: a file of the installed Monaco editor (src/lib/monaco.ts). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ version: string; path: string[] }> },
) {
  const { version, path: parts } = await params
  const file = path.join(MIN_DIR, ...parts)
  const type = TYPES[path.extname(file)]
  if (version !== MONACO_VERSION || !type || !file.startsWith(`${MIN_DIR}${path.sep}`))
    return notFound()
  const body = await fs.readFile(file).catch(() => null)
  if (!body) return notFound()
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
