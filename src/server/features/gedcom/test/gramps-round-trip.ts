// The round trip Legado → Gramps → Legado that the Gramps test files share: a tree imported
// through the API, exported as GEDCOM 5.5.1 and 7.0, passed through Gramps, and each of Gramps's
// files imported into a fresh account, compared with the original as facts without ids.
import { expect } from 'vitest'
import type { FamilyTree } from '../../../../shared/contracts/family-tree.ts'
import { as, createTestUser, type TestApp, type TestUser } from '../../../test/test-app.ts'
import { exportThroughApi, importThroughApi } from './gedcom-api.ts'
import { throughGramps } from './gramps.ts'

export const grampsVersions = ['5.5.1', '7.0'] as const
export type GrampsVersion = (typeof grampsVersions)[number]

export type TreeFacts = ReturnType<typeof facts>

export async function treeOf(t: TestApp, user: TestUser): Promise<FamilyTree> {
  return (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
}

/** The tree as comparable facts, without ids. A person is named by first name, last name and birth date as written. */
export function facts(tree: FamilyTree) {
  const who = new Map(tree.members.map((m) => [m.memberId, [m.firstName, m.lastName, m.birthDate ?? ''].join(' ').trim()]))
  const name = (id: string | null) => (id === null ? '?' : who.get(id)!)
  return {
    people: tree.members.map((m) => [who.get(m.memberId), m.gender, m.birthPlace, m.deathDate, m.deathPlace, m.isDeceased].join(' | ')).sort(),
    couples: tree.unions
      .map((u) =>
        [[name(u.firstPartnerId), name(u.secondPartnerId)].sort().join(' + '), u.isMarried ? 'married' : 'partners', u.marriageDate, u.marriagePlace, u.divorceDate].join(' | '),
      )
      .sort(),
    links: tree.members.flatMap((m) => m.parentLinks.map((l) => `${name(l.parentId)} → ${name(m.memberId)} (${l.kind})`)).sort(),
    childrenOrder: tree.unions
      .filter((u) => u.children.length > 1)
      .map((u) => `${[name(u.firstPartnerId), name(u.secondPartnerId)].sort().join(' + ')}: ${u.children.map((c) => name(c.childId)).join(', ')}`)
      .sort(),
  }
}

/**
 * Every difference between two trees' facts at once, as what went missing and what appeared, per
 * facet, each line starting with `label`. A fact held twice in one tree and once in the other is a
 * difference too: a doubled person is a loss of the tree's shape.
 */
export function differencesBetween(original: TreeFacts, again: TreeFacts, label: string): string[] {
  const differences: string[] = []
  for (const facet of Object.keys(original) as (keyof TreeFacts)[]) {
    const remaining = new Map<string, number>()
    for (const fact of again[facet]) remaining.set(fact, (remaining.get(fact) ?? 0) + 1)
    for (const fact of original[facet]) {
      const left = remaining.get(fact) ?? 0
      if (left === 0) differences.push(`${label} ${facet} lost: ${fact}`)
      else remaining.set(fact, left - 1)
    }
    for (const fact of again[facet]) {
      const left = remaining.get(fact) ?? 0
      if (left === 0) continue
      differences.push(`${label} ${facet} gained: ${fact}`)
      remaining.set(fact, left - 1)
    }
  }
  return differences
}

export interface GrampsRoundTrip {
  /** The tree as first imported. */
  tree: FamilyTree
  /** Its facts. */
  original: TreeFacts
  /** Legado's exports that went to Gramps, by version. */
  exports: Record<GrampsVersion, string>
  /** Every difference Gramps's files brought back, prefixed with the version that went out. */
  differences: string[]
}

/**
 * Imports `bytes` into a fresh account, sends both exports through Gramps and imports each of
 * Gramps's files into another fresh account; then brings Gramps's 5.5.1 file back into the first
 * account, which must create nobody (Gramps keeps each record's _UID). `renamed` maps a name as
 * Gramps writes it back to the name as it went in, so the comparison sees past a known rewrite;
 * `grampsTimeoutMs` gives each Gramps run longer than its default, for a large tree.
 */
export async function roundTripThroughGramps(
  t: TestApp,
  bytes: Uint8Array | string,
  options: { renamed?: [string, string]; grampsTimeoutMs?: number } = {},
): Promise<GrampsRoundTrip> {
  const owner = await createTestUser(t.app)
  const first = await importThroughApi(t.app, owner, bytes)
  expect(first.status, JSON.stringify(first).slice(0, 1000)).toBe('done')
  const tree = await treeOf(t, owner)
  const original = facts(tree)
  const exported = await Promise.all(grampsVersions.map((version) => exportThroughApi(t.app, owner, version)))
  const fromGramps = await Promise.all(exported.map(async (gedcom) => (await throughGramps(gedcom, { timeoutMs: options.grampsTimeoutMs })).gedcom))
  const differences: string[] = []
  for (const [index, gedcom] of fromGramps.entries()) {
    const copy = await createTestUser(t.app)
    const job = await importThroughApi(t.app, copy, gedcom)
    expect(job.status, JSON.stringify(job).slice(0, 1000)).toBe('done')
    const again = facts(await treeOf(t, copy))
    const renamed = options.renamed
    if (renamed) for (const facet of Object.values(again)) facet.forEach((fact, at) => (facet[at] = fact.replaceAll(renamed[0], renamed[1])))
    differences.push(...differencesBetween(original, again, grampsVersions[index]!))
  }
  const again = await importThroughApi(t.app, owner, fromGramps[0]!)
  expect(again.report!.members.created).toBe(0)
  expect(again.report!.unions.created).toBe(0)
  const after = await treeOf(t, owner)
  expect([after.members.length, after.unions.length]).toEqual([original.people.length, original.couples.length])
  return { tree, original, exports: { '5.5.1': exported[0]!, '7.0': exported[1]! }, differences }
}
