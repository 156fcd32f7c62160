import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

import { MONACO_BASE, MONACO_VERSION } from './monaco'

const read = (file: string) => fs.readFileSync(file, 'utf8')

test('the served editor is the installed one, as package.json pins it', () => {
  const installed = JSON.parse(read(path.join('node_modules', 'monaco-editor', 'package.json')))
  expect(JSON.parse(read('package.json')).dependencies['monaco-editor']).toBe(MONACO_VERSION)
  expect(installed.version).toBe(MONACO_VERSION)
  expect(fs.existsSync(path.join('node_modules', 'monaco-editor', 'min', 'vs', 'loader.js'))).toBe(
    true,
  )
})

test("Payload's admin loads the editor from the site, never from a CDN", () => {
  const dir = path.join('node_modules', '@payloadcms', 'ui', 'dist', 'exports', 'client')
  const bundles = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => read(path.join(dir, name)))
  expect(bundles.filter((text) => text.includes(`"${MONACO_BASE}/vs"`))).toHaveLength(1)
  expect(bundles.filter((text) => text.includes('cdn.jsdelivr.net'))).toEqual([])
})
