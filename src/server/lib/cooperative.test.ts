import { describe, expect, it } from 'vitest'
import { collationRanks, createPacer, pacedJson, pacedJsonStream, pacedSort, pacedSortByKeys } from './cooperative.ts'

describe('pacedSort', () => {
  it('sorts as Array.prototype.sort does, stably, whatever the length', async () => {
    const byName = new Intl.Collator('es')
    for (const size of [0, 1, 511, 512, 513, 5_000, 20_001]) {
      const people = Array.from({ length: size }, (_, i) => ({ name: ['Núñez', 'nunez', 'Ñandú', 'Álvarez', 'alvarez', 'Zapata'][(i * 7919) % 6]!, order: i }))
      const sorted = await pacedSort(people, (a, b) => byName.compare(a.name, b.name), createPacer())
      expect(sorted).toEqual([...people].sort((a, b) => byName.compare(a.name, b.name)))
    }
  })

  it('lets the event loop run while it sorts a long list', async () => {
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 1)
    const numbers = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_003)
    const sorted = await pacedSort(numbers, (a, b) => a - b, createPacer(2))
    clearInterval(timer)
    expect(sorted).toEqual([...numbers].sort((a, b) => a - b))
    expect(ticks).toBeGreaterThan(0)
  })
})

describe('pacedJson', () => {
  it('writes the same text as JSON.stringify, for empty, long and unicode lists', async () => {
    const values = [
      { tree: null, members: [], unions: [] },
      { tree: { name: 'Árbol de Rosa' }, members: Array.from({ length: 3_000 }, (_, i) => ({ id: i, name: `Zieliński ${i} 🌳`, gone: undefined })), unions: [{ a: 1 }] },
      { members: [1, null, 'x'], other: undefined, after: { deep: [1, 2] } },
      [{ title: 'Sueño', text: 'Volaba sobre Pasto' }, undefined, 3],
      [],
    ]
    for (const value of values) expect((await pacedJson(value, createPacer())).toString('utf8')).toBe(JSON.stringify(value))
  })

  it('writes an item holding a long list as JSON.stringify does, whatever its fields hold', async () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `hijo-${i}`)
    const union = {
      unionId: 'u1',
      children: ids.map((childId, position) => ({ childId, position, note: position % 7 ? undefined : 'ñ' })),
      skipped: undefined,
      method: () => 1,
      at: new Date(0),
      nested: { childrenMemberIds: ids, empty: [] },
      withToJson: { toJSON: () => 'own text', list: ids },
    }
    const values = [{ tree: null, unions: [union, { unionId: 'u2', children: [] }] }, [union, ids, null]]
    for (const value of values) expect((await pacedJson(value, createPacer())).toString('utf8')).toBe(JSON.stringify(value))
  })

  it('hands a single item of 200,000 children on in chunks, letting the event loop run between them', async () => {
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 1)
    const union = { unionId: 'u', children: Array.from({ length: 200_000 }, (_, position) => ({ childId: `hijo-${position}`, position })) }
    const chunks: Buffer[] = []
    for await (const chunk of pacedJsonStream({ unions: [union] }, createPacer(1))) chunks.push(chunk)
    clearInterval(timer)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(JSON.stringify({ unions: [union] }))
    // One JSON.stringify of the union made it one chunk of seven megabytes, in one task.
    expect(chunks.length).toBeGreaterThan(50)
    expect(ticks).toBeGreaterThan(0)
  })
})

describe('pacedSortByKeys and collationRanks', () => {
  it('order people by name as the collator does, stably, when names repeat and when none does', async () => {
    const byName = new Intl.Collator('es')
    const names = ['Núñez', 'nunez', 'Ñandú', 'Álvarez', 'alvarez', 'Zapata', 'Ávila', 'avila', '']
    for (const [size, nameOf] of [
      [2_000, (i: number) => names[(i * 7919) % names.length]!],
      [3_000, (i: number) => `Persona ${(i * 7919) % 3_001}`],
    ] as const) {
      const people = Array.from({ length: size }, (_, i) => ({ last: nameOf(i), first: nameOf(i * 31 + 7), order: i }))
      const expected = [...people].sort((a, b) => byName.compare(a.last, b.last) || byName.compare(a.first, b.first))
      const pacer = createPacer()
      const rank = await collationRanks(
        people.flatMap((p) => [p.last, p.first]),
        byName,
        pacer,
      )
      expect(await pacedSortByKeys(people, (p) => [rank.get(p.last)!, rank.get(p.first)!], pacer)).toEqual(expected)
    }
  })
})

describe('pacedSortByKeys and collationRanks: long lists', () => {
  it('let the event loop run while they work out the keys and gather the names, not only while they sort', async () => {
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 1)
    const busy = (ms: number) => {
      const until = performance.now() + ms
      while (performance.now() < until);
    }
    const seen: number[] = []
    // Each key and each name takes a while, as a birth date read or a name built does for 100,000 people.
    const keysOf = (n: number) => {
      busy(0.05)
      seen.push(ticks)
      return [n % 97, n]
    }
    const sorted = await pacedSortByKeys(
      Array.from({ length: 2_000 }, (_, i) => (i * 7919) % 2_003),
      keysOf,
      createPacer(2),
    )
    expect(sorted).toEqual([...sorted].sort((a, b) => (a % 97) - (b % 97) || a - b))
    expect(seen.at(-1)!).toBeGreaterThan(seen[0]!)
    function* names() {
      for (let i = 0; i < 2_000; i += 1) {
        busy(0.05)
        seen.push(ticks)
        yield `Persona ${i % 50}`
      }
    }
    const before = seen.length
    const ranks = await collationRanks(names(), new Intl.Collator('es'), createPacer(2))
    clearInterval(timer)
    expect(ranks.size).toBe(50)
    expect(seen.at(-1)!).toBeGreaterThan(seen[before]!)
  })
})
