/**
 * Compile hints for the public pages' scripts (decision 130). Chromium compiles a function the
 * first time it runs, on the main thread; a page's start runs most of the framework and of the
 * page's components, so that compiling was the larger part of its longest task. A script whose
 * first line is `//# allFunctionsCalledOnLoad` has all its functions compiled while it streams
 * in, on a background thread (Chromium 136 and later; other browsers read a comment).
 *
 * Run by `next build` once its output is written (`compiler.runAfterProductionCompile` in
 * next.config.mjs). Plain JavaScript, like the config that imports it.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** The route group of the public site: its pages' scripts get the hint; the admin's do not. */
const PUBLIC_GROUP = '(frontend)'

const MANIFEST_SUFFIX = '_client-reference-manifest.js'

/** Every file under `dir` whose name ends with `suffix` (none when `dir` does not exist). */
const filesUnder = async (dir, suffix) => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * The scripts a public page can load, as paths under the build directory: the framework's (on
 * every page) and those the public routes' manifests name. Not the polyfills, which Chromium does
 * not run.
 */
export const publicScripts = async (distDir) => {
  const build = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8'))
  const scripts = new Set(build.rootMainFiles)
  const manifests = await filesUnder(
    path.join(distDir, 'server/app', PUBLIC_GROUP),
    MANIFEST_SUFFIX,
  )
  for (const manifest of manifests) {
    const text = await readFile(manifest, 'utf8')
    for (const [file] of text.matchAll(/static\/chunks\/[\w.-]+\.js/g)) scripts.add(file)
  }
  for (const file of build.polyfillFiles ?? []) scripts.delete(file)
  return [...scripts].sort()
}

/** Puts the hint at the top of each public script that lacks it; returns the ones it changed. */
export const addCompileHints = async (distDir) => {
  const changed = []
  for (const file of await publicScripts(distDir)) {
    const target = path.join(distDir, file)
    const source = await readFile(target, 'utf8')
    if (source.startsWith(COMPILE_HINT)) continue
    await writeFile(target, COMPILE_HINT + source)
    changed.push(file)
  }
  return changed
}
