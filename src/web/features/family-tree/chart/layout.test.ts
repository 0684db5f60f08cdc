import { describe, expect, it } from 'vitest'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { buildFamilyIndex, familyIndexSteps, familyKey, relativesOf } from './family-index.ts'
import { chartRows, neighbourOf } from './keyboard-navigation.ts'
import { chartMetrics, type ChartLayout } from './chart-model.ts'
import { layoutFamilyChart, layoutWithin } from './layout.ts'
import { buildMember, generateFamilyTree, smallFamily, withDerivedLinks } from './test/family-builders.ts'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

const all = { ancestorGenerations: Infinity, descendantGenerations: Infinity }
const nodeOf = (layout: ChartLayout, memberId: string) => {
  const node = layout.nodes.find((candidate) => candidate.memberId === memberId)
  if (!node) throw new Error(`${memberId} is not in the chart`)
  return node
}

/** No two boxes of a row overlap. */
function expectNoOverlap(layout: ChartLayout) {
  for (const row of chartRows(layout)) {
    for (let position = 1; position < row.length; position += 1) {
      expect(row[position]!.x - row[position - 1]!.x).toBeGreaterThanOrEqual(chartMetrics.nodeWidth)
    }
  }
}

describe('the chart layout of a small family', () => {
  const index = buildFamilyIndex(smallFamily())
  const layout = layoutFamilyChart(index, 'ana')

  it('puts the centre in the middle, parents and grandparents above, partner beside, children below', () => {
    const generations = Object.fromEntries(layout.nodes.map((node) => [node.memberId, node.generation]))
    expect(generations).toEqual({ ana: 0, pablo: 0, juan: -1, maria: -1, jorge: -2, rosa: -2, luis: -2, carmen: -2, lucia: 1, mateo: 1 })
    expect(nodeOf(layout, 'ana')).toMatchObject({ x: 0, y: 0, kind: 'centre' })
    expect(nodeOf(layout, 'pablo').kind).toBe('partner')
    expect(nodeOf(layout, 'juan').kind).toBe('ancestor')
    expect(nodeOf(layout, 'lucia').kind).toBe('descendant')
    // Aunt Elena is not an ancestor or descendant of Ana: she is in the list view, not the chart.
    expect(layout.nodes.some((node) => node.memberId === 'elena')).toBe(false)
  })

  it('draws fathers on the left, each couple over its child and children oldest first under theirs', () => {
    const x = (id: string) => nodeOf(layout, id).x
    expect(x('juan')).toBeLessThan(x('maria'))
    expect((x('juan') + x('maria')) / 2).toBe(x('ana'))
    expect((x('jorge') + x('rosa')) / 2).toBe(x('juan'))
    expect((x('luis') + x('carmen')) / 2).toBe(x('maria'))
    expect(x('pablo')).toBe(x('ana') + chartMetrics.nodeWidth + chartMetrics.coupleGap)
    expect(x('lucia')).toBeLessThan(x('mateo'))
    expect((x('lucia') + x('mateo')) / 2).toBe((x('ana') + x('pablo')) / 2)
    expectNoOverlap(layout)
  })

  it('links each child to its parents and each couple to each other', () => {
    const keys = layout.links.map((link) => link.key).sort()
    expect(keys).toEqual(
      [
        `${familyKey(['ana', 'pablo'])}>lucia`,
        `${familyKey(['ana', 'pablo'])}>mateo`,
        `${familyKey(['juan', 'maria'])}>ana`,
        `${familyKey(['jorge', 'rosa'])}>juan`,
        `${familyKey(['luis', 'carmen'])}>maria`,
        'ana=pablo',
        'juan=maria',
        'jorge=rosa',
        'carmen=luis',
      ].sort(),
    )
  })

  it('stops at the generation limit and says there is more', () => {
    const close = layoutFamilyChart(index, 'ana', { ancestorGenerations: 1, descendantGenerations: 0 })
    expect(close.nodes.map((node) => node.memberId).sort()).toEqual(['ana', 'juan', 'maria', 'pablo'])
    expect(close).toMatchObject({ hasMoreAncestors: true, hasMoreDescendants: true })
    expect(layout).toMatchObject({ hasMoreAncestors: false, hasMoreDescendants: false })
  })

  it('re-centres on anyone: from a grandfather the chart is all descendants', () => {
    const fromJorge = layoutFamilyChart(index, 'jorge', all)
    expect(fromJorge.nodes.map((node) => node.memberId).sort()).toEqual(['ana', 'elena', 'jorge', 'juan', 'lucia', 'maria', 'mateo', 'pablo', 'rosa'])
    expect(nodeOf(fromJorge, 'maria').kind).toBe('partner')
    expectNoOverlap(fromJorge)
  })

  it('moves between people with the arrow keys', () => {
    const rows = chartRows(layout)
    expect(neighbourOf(rows, 'ana', 'right')).toBe('pablo')
    expect(neighbourOf(rows, 'ana', 'left')).toBeUndefined()
    expect(neighbourOf(rows, 'ana', 'up')).toMatch(/^(juan|maria)$/)
    expect(neighbourOf(rows, 'juan', 'up')).toMatch(/^(jorge|rosa)$/)
    expect(neighbourOf(rows, 'ana', 'down')).toMatch(/^(lucia|mateo)$/)
    expect(neighbourOf(rows, 'jorge', 'up')).toBeUndefined()
  })
})

describe('shared ancestors', () => {
  it('places a couple who are ancestors twice over once, and expands their family once', () => {
    // Juan and María are first cousins: both descend from Abuelo and Abuela.
    const members = withDerivedLinks([
      buildMember({ memberId: 'abuelo', gender: 'Masculino', spouseMemberIds: ['abuela'] }),
      buildMember({ memberId: 'abuela', gender: 'Femenino' }),
      buildMember({ memberId: 'tio', parentMemberIds: ['abuelo', 'abuela'] }),
      buildMember({ memberId: 'tia', parentMemberIds: ['abuelo', 'abuela'] }),
      buildMember({ memberId: 'juan', parentMemberIds: ['tio'], spouseMemberIds: ['maria'] }),
      buildMember({ memberId: 'maria', parentMemberIds: ['tia'] }),
      buildMember({ memberId: 'hijo', parentMemberIds: ['juan', 'maria'] }),
    ])
    const visits = new Map<string, number>()
    const layout = layoutFamilyChart(buildFamilyIndex(members), 'hijo', { ...all, onFamilyVisit: (key) => visits.set(key, (visits.get(key) ?? 0) + 1) })
    const ids = layout.nodes.map((node) => node.memberId)
    expect(ids.sort()).toEqual(['abuela', 'abuelo', 'hijo', 'juan', 'maria', 'tia', 'tio'])
    expect([...visits.values()].every((count) => count === 1)).toBe(true)
    expect(visits.size).toBe(4)
    // Both cousins' parents are still linked to the grandparents.
    expect(layout.links.filter((link) => link.key.startsWith(`${familyKey(['abuelo', 'abuela'])}>`))).toHaveLength(2)
  })
})

/** The families the chart of `centreId` must expand, found without the layout's code. */
function expectedFamilies(members: Member[], centreId: string): Set<string> {
  const byId = new Map(members.map((member) => [member.memberId, member]))
  const families = new Set<string>()
  const up = [centreId]
  const seenUp = new Set(up)
  while (up.length > 0) {
    const member = byId.get(up.pop()!)!
    if (member.parentMemberIds.length === 0) continue
    families.add(familyKey(member.parentMemberIds))
    for (const parentId of member.parentMemberIds) {
      if (seenUp.has(parentId)) continue
      seenUp.add(parentId)
      up.push(parentId)
    }
  }
  const down = [centreId]
  const seenDown = new Set(down)
  while (down.length > 0) {
    const member = byId.get(down.pop()!)!
    for (const childId of member.childrenMemberIds) {
      families.add(familyKey(byId.get(childId)!.parentMemberIds))
      if (seenDown.has(childId)) continue
      seenDown.add(childId)
      down.push(childId)
    }
  }
  return families
}

describe('a generated tree of 3,000 people', () => {
  const members = generateFamilyTree(3000)
  const index = buildFamilyIndex(members)
  const generationOf = (member: Member) => Number(member.lastName.replace('Linaje', ''))
  const deepest = Math.max(...members.map(generationOf))
  // Someone in the middle generations with grandchildren, so both halves of the chart are large.
  const middle = members.find(
    (member) => generationOf(member) === Math.floor(deepest / 2) && member.parentMemberIds.length === 2 && member.childrenMemberIds.some((id) => index.parentFamilies.has(id)),
  )!

  it('is the tree the test means: 3,000 people, many generations, couples, several children', () => {
    expect(members).toHaveLength(3000)
    expect(deepest).toBeGreaterThanOrEqual(6)
    expect(index.families.size).toBeGreaterThan(500)
    expect(members.filter((member) => member.spouseMemberIds.length > 1).length).toBeGreaterThan(10)
    expect([...index.families.values()].some((family) => family.childIds.length >= 3)).toBe(true)
    expect(middle).toBeDefined()
  })

  it.each([
    ['a founder', () => members[0]!],
    ['someone in the middle generations', () => middle],
    ['someone in the last generation', () => members.at(-1)!],
  ])('expands each family once, and every family it must, for %s', (_who, pick) => {
    const centre = pick()
    const visits = new Map<string, number>()
    const layout = layoutFamilyChart(index, centre.memberId, {
      ...all,
      onFamilyVisit: (key) => visits.set(key, (visits.get(key) ?? 0) + 1),
    })
    expect([...visits.entries()].filter(([, count]) => count !== 1)).toEqual([])
    expect(new Set(visits.keys())).toEqual(expectedFamilies(members, centre.memberId))
    const ids = layout.nodes.map((node) => node.memberId)
    expect(new Set(ids).size).toBe(ids.length)
    expectNoOverlap(layout)
  })

  it('lays out only the generations asked for', () => {
    const visits: string[] = []
    const layout = layoutFamilyChart(index, middle.memberId, { onFamilyVisit: (key) => visits.push(key) })
    expect(Math.min(...layout.nodes.map((node) => node.generation))).toBeGreaterThanOrEqual(-3)
    expect(Math.max(...layout.nodes.map((node) => node.generation))).toBeLessThanOrEqual(3)
    expect(visits.length).toBeLessThan(expectedFamilies(members, middle.memberId).size)
  })
})

describe('layoutWithin', () => {
  const members = generateFamilyTree(3000)
  const index = buildFamilyIndex(members)
  const founder = members[0]!.memberId

  it('lays out whole generations, as many as the people budget allows', () => {
    const everything = layoutFamilyChart(index, founder, all)
    const layout = layoutWithin(index, founder, 50, 300)
    expect(layout.nodes.length).toBeLessThanOrEqual(300)
    expect(layout.generations).toBeLessThan(50)
    // The same chart as asking for that many generations, and the next one would not fit.
    const same = layoutFamilyChart(index, founder, { ancestorGenerations: layout.generations, descendantGenerations: layout.generations })
    expect(layout.nodes).toEqual(same.nodes)
    expect(layoutFamilyChart(index, founder, { ancestorGenerations: layout.generations + 1, descendantGenerations: layout.generations + 1 }).nodes.length).toBeGreaterThan(300)
    expect(everything.nodes.length).toBeGreaterThan(layout.nodes.length)
  })

  it('changes nothing when the generations asked for fit', () => {
    const layout = layoutWithin(index, founder, 2, 300)
    expect(layout.generations).toBe(2)
    expect(layout.nodes).toEqual(layoutFamilyChart(index, founder, { ancestorGenerations: 2, descendantGenerations: 2 }).nodes)
  })
})

describe('familyIndexSteps', () => {
  it('builds, a slice at a time, the same index as buildFamilyIndex', () => {
    const members = generateFamilyTree(500)
    const steps = familyIndexSteps(members, 50)
    let pauses = 0
    let step = steps.next()
    while (!step.done) {
      pauses += 1
      step = steps.next()
    }
    expect(pauses).toBeGreaterThan(5)
    expect(step.value).toEqual(buildFamilyIndex(members))
  })
})

describe('a child with birth and adoptive parents', () => {
  // Ana was born to Pedro and María and adopted by Luis and Marta, who also had Tomás by birth.
  const members = withDerivedLinks([
    buildMember({ memberId: 'pedro', gender: 'Masculino', spouseMemberIds: ['maria'] }),
    buildMember({ memberId: 'maria', gender: 'Femenino' }),
    buildMember({ memberId: 'luis', gender: 'Masculino', spouseMemberIds: ['marta'] }),
    buildMember({ memberId: 'marta', gender: 'Femenino' }),
    buildMember({
      memberId: 'ana',
      parentMemberIds: ['pedro', 'maria', 'luis', 'marta'],
      parentLinks: [
        { parentId: 'pedro', unionId: null, kind: 'birth' },
        { parentId: 'maria', unionId: null, kind: 'birth' },
        { parentId: 'luis', unionId: null, kind: 'adopted' },
        { parentId: 'marta', unionId: null, kind: 'adopted' },
      ],
    }),
    buildMember({ memberId: 'tomas', parentMemberIds: ['luis', 'marta'], birthDate: asStoredDate('1960'), birthDateSortKey: 1960 }),
  ])
  const index = buildFamilyIndex(members)
  const birth = familyKey(['pedro', 'maria'])
  const adoptive = familyKey(['luis', 'marta'])

  it('makes two couples of her four parents, not one family of four', () => {
    expect([...index.families.keys()].sort()).toEqual([birth, adoptive].sort())
    expect(index.birthFamily.get('ana')).toBe(birth)
    expect(index.families.get(adoptive)!.childIds).toEqual(['tomas', 'ana'])
    expect(relativesOf(index, 'ana')).toMatchObject({
      parents: ['pedro', 'maria', 'luis', 'marta'],
      siblings: ['tomas'],
      kinds: new Map([
        ['luis', 'adopted'],
        ['marta', 'adopted'],
      ]),
    })
    expect(relativesOf(index, 'luis').kinds).toEqual(new Map([['ana', 'adopted']]))
  })

  it('draws both couples above her, each over its own line, the adoptive one dashed', () => {
    const layout = layoutFamilyChart(index, 'ana')
    const x = (id: string) => nodeOf(layout, id).x
    for (const parent of ['pedro', 'maria', 'luis', 'marta']) expect(nodeOf(layout, parent).generation).toBe(-1)
    expect(x('pedro')).toBeLessThan(x('maria'))
    expect(x('maria')).toBeLessThan(x('luis'))
    expectNoOverlap(layout)
    const lines = layout.links.filter((link) => link.kind === 'parent')
    expect(lines.map((link) => [link.key, link.notByBirth ?? false])).toEqual([
      [`${birth}>ana`, false],
      [`${adoptive}>ana`, true],
    ])
  })

  it('shows her among her adoptive parents’ children with a dashed line, and among her birth parents’ with a plain one', () => {
    const fromLuis = layoutFamilyChart(index, 'luis')
    expect(nodeOf(fromLuis, 'ana').kind).toBe('descendant')
    expect(fromLuis.links.find((link) => link.key === `${adoptive}>ana`)?.notByBirth).toBe(true)
    expect(fromLuis.links.find((link) => link.key === `${adoptive}>tomas`)?.notByBirth).toBeUndefined()
    expect(layoutFamilyChart(index, 'pedro').links.find((link) => link.key === `${birth}>ana`)?.notByBirth).toBeUndefined()
  })
})
