/**
 * Coalesces concurrent calls into one write: every call waiting at the next turn of the event loop
 * goes into one batch, so concurrent requests share a round trip (and a pool connection) instead of
 * spending one each. A lone call waits no timer, only for the current turn to end.
 *
 * At most one batch is in flight per owner (a Payload: a process may run several, each with its
 * own pool): calls that arrive meanwhile gather into the next one, so under load the statements per
 * second are bounded by the round trip, not by the request rate, and the writes never hold more
 * than one of the pool's connections. A call that arrives mid-flight waits for the rest of that
 * statement; with statements of a millisecond or two that costs less than the round trips it saves.
 * statement_timeout and the pool's connection timeout bound how long a batch can stay in flight.
 *
 * `write` gets the batch's items in call order and returns one result per item, in the same order;
 * an Error in a result's place rejects that call alone. A thrown error rejects every call of the
 * batch. Every call settles.
 */
export const batched = <Owner extends object, Item, Result>(
  write: (owner: Owner, items: Item[]) => Promise<(Result | Error)[]>,
  maxBatch = 500,
): ((owner: Owner, item: Item) => Promise<Result>) => {
  type Call = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }
  type Queue = { pending: Call[]; scheduled: boolean; inFlight: boolean }
  // A WeakMap lets a closed owner go.
  const queues = new WeakMap<Owner, Queue>()

  const schedule = (owner: Owner, queue: Queue) => {
    if (queue.scheduled) return
    queue.scheduled = true
    setImmediate(() => {
      queue.scheduled = false
      if (!queue.inFlight && queue.pending.length > 0) void flush(owner, queue)
    })
  }

  const flush = async (owner: Owner, queue: Queue) => {
    const batch = queue.pending.splice(0, maxBatch)
    queue.inFlight = true
    try {
      const results = await write(
        owner,
        batch.map((call) => call.item),
      )
      batch.forEach((call, i) => {
        const result = results[i]
        if (result instanceof Error) call.reject(result)
        else if (i >= results.length) call.reject(new Error('batched write returned no result'))
        else call.resolve(result)
      })
    } catch (error) {
      for (const call of batch) call.reject(error)
    } finally {
      queue.inFlight = false
      if (queue.pending.length >= maxBatch) void flush(owner, queue)
      else if (queue.pending.length > 0) schedule(owner, queue)
    }
  }

  return (owner, item) =>
    new Promise<Result>((resolve, reject) => {
      let queue = queues.get(owner)
      if (!queue) queues.set(owner, (queue = { pending: [], scheduled: false, inFlight: false }))
      queue.pending.push({ item, resolve, reject })
      if (queue.inFlight) return // written when the batch in flight returns
      if (queue.pending.length >= maxBatch) void flush(owner, queue)
      else schedule(owner, queue)
    })
}
