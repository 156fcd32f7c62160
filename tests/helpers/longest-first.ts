import path from 'node:path'

import { BaseSequencer, type TestSpecification } from 'vitest/node'

import fileSeconds from '../file-seconds.json' with { type: 'json' }

/**
 * Runs the longest test files first, so that two workers end together instead of one running a
 * long file alone at the end. How long a file takes comes from this checkout's last run (Vitest's
 * own record), else from `tests/file-seconds.json`: the files over ten seconds in a fresh-clone
 * run, which a fresh clone (CI) has no record of; Vitest alone would order those by their size in
 * bytes, and the longest browser file, a short loop over every route, came last. Only the order
 * depends on it: a file missing from it or timed differently still runs.
 */
export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const { root } = this.ctx.config
    const seconds = (file: TestSpecification) => {
      const relative = path.relative(root, file.moduleId)
      const last = this.ctx.cache.getFileTestResults(`${file.project.name}:${relative}`)
      return last ? last.duration / 1000 : ((fileSeconds as Record<string, number>)[relative] ?? 0)
    }
    const sorted = await super.sort(files)
    // Projects (unit, integration) still run one after the other, each longest first.
    const projectOrder = [...new Set(sorted.map((file) => file.project.name))]
    return sorted
      .map((file, index) => ({ file, index, seconds: seconds(file) }))
      .sort(
        (a, b) =>
          projectOrder.indexOf(a.file.project.name) - projectOrder.indexOf(b.file.project.name) ||
          b.seconds - a.seconds ||
          a.index - b.index,
      )
      .map(({ file }) => file)
  }
}
