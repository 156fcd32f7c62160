import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, test } from 'vitest'

import { COMPILE_HINT, addCompileHints, publicScripts } from './compile-hints.mjs'

/** A build directory shaped like `next build`'s: the manifests and the chunks they name. */
const fakeBuild = async (dist: string) => {
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true })
    await writeFile(path.join(dist, file), text)
  }
  await write(
    'build-manifest.json',
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfills.js'],
      rootMainFiles: ['static/chunks/framework.js', 'static/chunks/runtime.js'],
    }),
  )
  const manifest = (route: string, chunks: string[]) =>
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n` +
    `globalThis.__RSC_MANIFEST["${route}"] = ${JSON.stringify({
      clientModules: { a: { chunks: chunks.map((chunk) => `/_next/${chunk}`) } },
      entryJSFiles: { [route]: chunks },
    })};\n`
  await write(
    'server/app/(frontend)/page_client-reference-manifest.js',
    manifest('/(frontend)/page', ['static/chunks/home.js', 'static/chunks/form-lib.js']),
  )
  await write(
    'server/app/(frontend)/faq/page_client-reference-manifest.js',
    manifest('/(frontend)/faq/page', ['static/chunks/faq.js', 'static/chunks/polyfills.js']),
  )
  await write(
    'server/app/(payload)/admin/page_client-reference-manifest.js',
    manifest('/(payload)/admin/page', ['static/chunks/admin.js', 'static/chunks/framework.js']),
  )
  for (const chunk of ['framework', 'runtime', 'home', 'form-lib', 'faq', 'admin', 'polyfills'])
    await write(`static/chunks/${chunk}.js`, `(globalThis.TURBOPACK||[]).push(["${chunk}"])`)
}

let dist: string
beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'compile-hints-'))
  await fakeBuild(dist)
})
afterEach(() => rm(dist, { recursive: true, force: true }))

const chunk = (name: string) => readFile(path.join(dist, `static/chunks/${name}.js`), 'utf8')

describe('compile hints', () => {
  test("the public pages' scripts: the framework's and those of every public route", async () => {
    expect(await publicScripts(dist)).toEqual([
      'static/chunks/faq.js',
      'static/chunks/form-lib.js',
      'static/chunks/framework.js',
      'static/chunks/home.js',
      'static/chunks/runtime.js',
    ])
  })

  test('each of them starts with the hint, its code unchanged; the admin and polyfills do not', async () => {
    const changed = await addCompileHints(dist)
    expect(changed).toHaveLength(5)
    expect(await chunk('home')).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push(["home"])`)
    expect(await chunk('framework')).toMatch(/^\/\/# allFunctionsCalledOnLoad\n\(globalThis/)
    expect(await chunk('admin')).toBe('(globalThis.TURBOPACK||[]).push(["admin"])')
    expect(await chunk('polyfills')).not.toContain('allFunctionsCalledOnLoad')
  })

  test('a second run changes nothing', async () => {
    await addCompileHints(dist)
    const before = await chunk('faq')
    expect(await addCompileHints(dist)).toEqual([])
    expect(await chunk('faq')).toBe(before)
  })

  test('a build without public routes hints only the framework', async () => {
    await rm(path.join(dist, 'server/app/(frontend)'), { recursive: true })
    expect(await addCompileHints(dist)).toEqual([
      'static/chunks/framework.js',
      'static/chunks/runtime.js',
    ])
  })
})
