import type { EventEmitter } from 'node:events'

import { metrics } from './registry.mjs'

type Queryable = { query: (...args: unknown[]) => unknown }
const COUNTED = Symbol.for('starfinity.countedStatements')

/**
 * Counts the statements that fail on the pool's connections: each connection's `query` is wrapped
 * once, the first time the pool hands it out. The caller still gets the same rejection.
 */
export const countFailedStatements = (pool: EventEmitter | undefined) => {
  const marked = pool as (EventEmitter & { [COUNTED]?: true }) | undefined
  if (!marked || marked[COUNTED]) return
  marked[COUNTED] = true
  marked.on('acquire', (connection: Queryable & { [COUNTED]?: true }) => {
    if (connection[COUNTED]) return
    connection[COUNTED] = true
    const query = connection.query
    connection.query = function (this: unknown, ...args: unknown[]) {
      const result = query.apply(this, args)
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        ;(result as Promise<unknown>).then(undefined, () => metrics().statementsFailed.inc())
      }
      return result
    }
  })
}
