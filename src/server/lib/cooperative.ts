// Long CPU work on the request thread (planning a batch of 100,000 people) is cut into slices: at
// the end of each slice the work waits for the event loop to run what is pending (other people's
// requests, database answers) and then goes on. The work takes the same steps in the same order.

/** How long one slice may run: well under the 100 ms a reader waits at worst, long enough that pauses cost little. */
export const sliceMs = 10

/** Items between two looks at the clock: reading the time per item would cost more than the item. */
const itemsPerLook = 64

/** Waits for one turn of the event loop: what is pending (other requests, timers, I/O) runs first. */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve))

export interface Pacer {
  /** Call after each item; waits for the event loop once the current slice has run its time. */
  step(): Promise<void> | undefined
  /** Lets the event loop run now, and starts a new slice. */
  pause(): Promise<void>
}

/**
 * A pacer for items of about the same small cost. `lookEvery` is how many items pass between two
 * looks at the clock: 1 for items that each take a while (a 64 KiB chunk of a file).
 */
export function createPacer(budgetMs = sliceMs, lookEvery = itemsPerLook): Pacer {
  let sliceStart = performance.now()
  let sinceLook = 0
  const pause = async () => {
    await nextTurn()
    sliceStart = performance.now()
    sinceLook = 0
  }
  return {
    step() {
      if ((sinceLook += 1) < lookEvery) return undefined
      sinceLook = 0
      return performance.now() - sliceStart >= budgetMs ? pause() : undefined
    },
    pause,
  }
}

/**
 * `items` sorted by `compare` (stably, as `Array.prototype.sort`), in slices: a merge sort that
 * steps the pacer per item it places. One `sort` call over 100,000 people with a collator holds
 * the event loop for hundreds of milliseconds; this lets other requests in between.
 */
export async function pacedSort<T>(items: readonly T[], compare: (a: T, b: T) => number, pacer: Pacer): Promise<T[]> {
  // Runs short enough to sort in one call, then merged pairwise.
  const run = 512
  let from: T[] = []
  for (let start = 0; start < items.length; start += run) {
    const sorted = items.slice(start, start + run).sort(compare)
    for (const item of sorted) {
      from.push(item)
      const waiting = pacer.step()
      if (waiting) await waiting
    }
  }
  let to: T[] = new Array<T>(from.length)
  for (let width = run; width < from.length; width *= 2) {
    for (let left = 0; left < from.length; left += 2 * width) {
      const middle = Math.min(left + width, from.length)
      const right = Math.min(left + 2 * width, from.length)
      let i = left
      let j = middle
      for (let k = left; k < right; k += 1) {
        // Ties take the left run's item first: the sort stays stable.
        to[k] = i < middle && (j >= right || compare(from[i]!, from[j]!) <= 0) ? from[i++]! : from[j++]!
        // Awaited only when the slice is over: an await per item would cost more than the item.
        const waiting = pacer.step()
        if (waiting) await waiting
      }
    }
    ;[from, to] = [to, from]
  }
  return from
}

/** Compares the keys of two items, the first key first. */
function compareKeys(a: { keys: number[] }, b: { keys: number[] }): number {
  for (let at = 0; at < a.keys.length; at += 1) {
    // Infinity − Infinity is NaN, which ties like 0: two unknowns are decided by the next key.
    const difference = a.keys[at]! - b.keys[at]!
    if (difference) return difference
  }
  return 0
}

/**
 * `list` ordered by numeric keys computed once per item, the first key first, stably. A comparator
 * that works its keys out on each comparison does so about 17 times per item: seconds for a union
 * of 100,000 children. For a short list; a long one goes to `pacedSortByKeys`.
 */
export function sortByKeys<T>(list: readonly T[], keysOf: (item: T) => number[]): T[] {
  if (list.length < 2) return [...list]
  return list
    .map((item) => ({ item, keys: keysOf(item) }))
    .sort(compareKeys)
    .map(({ item }) => item)
}

/** `sortByKeys` with the pacer, for a list that may be long. */
export async function pacedSortByKeys<T>(list: readonly T[], keysOf: (item: T) => number[], pacer: Pacer): Promise<T[]> {
  if (list.length <= 512) return sortByKeys(list, keysOf)
  // The keys are worked out with the pacer too: for 100,000 children (a birth date read each) in
  // one go they held the thread 100 ms.
  const keyed: { item: T; keys: number[] }[] = []
  for (const item of list) {
    keyed.push({ item, keys: keysOf(item) })
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  const sorted = await pacedSort(keyed, compareKeys, pacer)
  const items: T[] = []
  for (const { item } of sorted) {
    items.push(item)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  return items
}

/**
 * The rank of each text in `collator`'s order (texts it calls equal share one), for
 * `pacedSortByKeys`: the collator compares each distinct text a few times instead of each item's
 * text many times. A tree of 100,000 people has a few thousand distinct names.
 */
export async function collationRanks(texts: Iterable<string>, collator: Intl.Collator, pacer: Pacer): Promise<Map<string, number>> {
  // Gathered with the pacer too: 200,000 names into one set in one go held the thread 100 ms.
  const distinct = new Set<string>()
  for (const text of texts) {
    distinct.add(text)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  const ordered = await pacedSort([...distinct], collator.compare, pacer)
  const ranks = new Map<string, number>()
  let rank = 0
  for (let at = 0; at < ordered.length; at += 1) {
    if (at > 0 && collator.compare(ordered[at - 1]!, ordered[at]!) !== 0) rank += 1
    ranks.set(ordered[at]!, rank)
    const waiting = pacer.step()
    if (waiting) await waiting
  }
  return ranks
}

/** An array longer than this inside an item is written element by element too (a union of 100,000 children). */
const longArray = 1_000

/** A plain object that `JSON.stringify` writes field by field (no `toJSON`), holding a long array. */
function holdsLongArray(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return false
  if ('toJSON' in value) return false
  for (const field in value) {
    const inner = (value as Record<string, unknown>)[field]
    if (Array.isArray(inner) && inner.length > longArray) return true
  }
  return false
}

/**
 * The JSON text of `value` as UTF-8, made in slices: each element of an array (the value itself,
 * or one of its top-level fields, or a long array inside an element) is serialised on its own,
 * stepping the pacer, so a body of 100,000 people never holds the event loop the way one
 * `JSON.stringify` of it does. The text is the same as `JSON.stringify(value)`, in chunks of about
 * 64 KiB, each made when it is asked for: an archive deflates them as they come instead of
 * holding a hundred megabytes of them first.
 */
export async function* pacedJsonStream(value: object, pacer: Pacer): AsyncGenerator<Buffer, void, undefined> {
  let pending = ''
  const full = () => pending.length > 64 * 1024
  const flush = () => {
    const chunk = Buffer.from(pending, 'utf8')
    pending = ''
    return chunk
  }
  async function* list(items: readonly unknown[]): AsyncGenerator<Buffer, void, undefined> {
    pending += '['
    for (let at = 0; at < items.length; at += 1) {
      if (at > 0) pending += ','
      const item = items[at]
      if (holdsLongArray(item)) yield* fields(item, false)
      else pending += JSON.stringify(item) ?? 'null'
      if (full()) yield flush()
      const waiting = pacer.step()
      if (waiting) await waiting
    }
    pending += ']'
  }
  /** An object's fields as `JSON.stringify` writes them; its arrays sliced (every one, or the long ones). */
  async function* fields(object: Record<string, unknown>, isTop: boolean): AsyncGenerator<Buffer, void, undefined> {
    pending += '{'
    let first = true
    for (const [key, field] of Object.entries(object)) {
      // Left out as JSON.stringify leaves them out of an object.
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue
      pending += `${first ? '' : ','}${JSON.stringify(key)}:`
      first = false
      if (Array.isArray(field) && (isTop || field.length > longArray)) yield* list(field)
      else if (!isTop && holdsLongArray(field)) yield* fields(field, false)
      else pending += JSON.stringify(field)
    }
    pending += '}'
  }
  if (Array.isArray(value)) yield* list(value)
  else yield* fields(value as Record<string, unknown>, true)
  yield flush()
}

/** `pacedJsonStream`'s chunks, all of them: for an answer sent as its chunks (`sendJsonChunks`). */
export async function pacedJsonChunks(value: object, pacer: Pacer): Promise<Buffer[]> {
  const chunks: Buffer[] = []
  for await (const chunk of pacedJsonStream(value, pacer)) chunks.push(chunk)
  return chunks
}

/** `pacedJsonChunks` joined into one Buffer, for a value that is not large. */
export async function pacedJson(value: object, pacer: Pacer): Promise<Buffer> {
  return Buffer.concat(await pacedJsonChunks(value, pacer))
}

/**
 * Rows per page of a read that grows with an account. On SQLite a query runs to its end without a
 * turn of the event loop, so 100,000 rows read in one query hold every other request for the
 * whole of it; read by pages, others get in between.
 */
export const readPageRows = 500

/**
 * Every row `page` gives, page after page (each asked for the rows after the last one of the page
 * before, `readPageRows` at most), with a turn of the event loop between pages.
 */
export async function readInPages<T>(page: (after: T | undefined) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = []
  let last: T | undefined
  for (;;) {
    const batch = await page(last)
    for (const row of batch) rows.push(row)
    if (batch.length < readPageRows) return rows
    last = batch[batch.length - 1]
    await nextTurn()
  }
}
