import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { createFamilyTreeRepository } from './family-tree.repository.ts'
import { createFamilyTreeService, type FamilyTreeService } from './family-tree.service.ts'

// The batch path an import writes through, on the app's own database; the tree is read back
// through the API, as a user would see it.
describe.each(testDatabases)('writing a family tree in one batch on %s', (database) => {
  let t: TestApp
  let service: FamilyTreeService
  beforeAll(async () => {
    t = await createTestApp(database)
    service = createFamilyTreeService({
      repo: createFamilyTreeRepository(t.db),
      getOwner: async () => ({ displayName: 'Rosa', email: 'rosa@example.com', preferredLanguage: 'es' }),
    })
  })
  afterAll(() => t.close())

  async function owner() {
    const user = await createTestUser(t.app)
    const tree = async () => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json<FamilyTree>()
    const bySource = async () => new Map((await tree()).members.map((m): [string, Member] => [m.sourceId ?? m.memberId, m]))
    return { id: user.id, user, tree, bySource }
  }

  const family = {
    members: [
      { sourceId: 'I1', firstName: 'Luis', lastName: 'Díaz', gender: 'Masculino' as const, birthDate: 'ABT 1890', birthPlace: 'Pasto', deathDate: '1950', notes: 'Carpintero' },
      { sourceId: 'I2', firstName: 'Carmen', lastName: 'Ruiz', birthDate: 'BET 1892 AND 1895' },
      { sourceId: 'I3', firstName: 'Eva', lastName: 'Díaz', birthDate: '12 MAR 1920' },
      { sourceId: 'I4', firstName: 'Pedro', lastName: 'Gil' },
      { sourceId: 'I5', firstName: 'Marta', lastName: 'Gil' },
    ],
    unions: [
      { sourceId: 'F1', firstPartner: 'I1', secondPartner: 'I2', marriageDate: '1915', marriagePlace: 'Ipiales' },
      { sourceId: 'F2', firstPartner: 'I4', secondPartner: 'I5' },
    ],
    links: [
      { child: 'I3', union: 'F1' },
      { child: 'I3', union: 'F2', kind: 'adopted' as const },
    ],
  }

  it('writes people, unions and a child of two families, with their kinds, and no relationship to the owner', async () => {
    const o = await owner()
    const report = await service.applyBatch(o.id, family, { bySourceId: true })
    expect(report).toMatchObject({ members: { created: 5, updated: 0 }, unions: { created: 2, updated: 0 }, links: { created: 4, updated: 0 }, problems: [] })
    const tree = await o.tree()
    expect(tree.tree?.treeName).toBe('Árbol de Rosa')
    const m = await o.bySource()
    expect(m.get('I1')).toMatchObject({
      birthDate: 'ABT 1890',
      birthPlace: 'Pasto',
      deathDate: '1950',
      isDeceased: true,
      notes: 'Carpintero',
      relationshipToOwner: '',
      gender: 'Masculino',
    })
    expect(m.get('I3')!.birthDate).toBe('1920-03-12')
    const eva = m.get('I3')!
    const [f1, f2] = ['F1', 'F2'].map((ref) => tree.unions.find((u) => u.sourceId === ref)!)
    expect(eva.parentLinks.map((l) => [l.parentId, l.kind, l.unionId]).sort()).toEqual(
      [
        [m.get('I1')!.memberId, 'birth', f1!.unionId],
        [m.get('I2')!.memberId, 'birth', f1!.unionId],
        [m.get('I4')!.memberId, 'adopted', f2!.unionId],
        [m.get('I5')!.memberId, 'adopted', f2!.unionId],
      ].sort(),
    )
    expect(f1).toMatchObject({ marriageDate: '1915', marriagePlace: 'Ipiales', children: [{ childId: eva.memberId, kind: 'birth' }] })
    expect(m.get('I1')!.spouseMemberIds).toEqual([m.get('I2')!.memberId])

    // An imported relative can be edited in the form without saying how they are related.
    const renamed = await as(t.app, o.user)({ method: 'PATCH', url: `/api/family-tree/members/${eva.memberId}`, payload: { firstName: 'Eva María' } })
    expect(renamed.statusCode, renamed.body).toBe(200)
  })

  it('updates instead of duplicating when the same batch comes again, keeping what the user added', async () => {
    const o = await owner()
    await service.applyBatch(o.id, family, { bySourceId: true })
    const luis = (await o.bySource()).get('I1')!
    await as(t.app, o.user)({ method: 'PATCH', url: `/api/family-tree/members/${luis.memberId}`, payload: { relationshipToOwner: 'Bisabuelo' } })
    const again = structuredClone(family)
    again.members[0]!.birthPlace = 'Pasto, Nariño'
    again.unions[0]!.marriagePlace = 'Túquerres'
    const report = await service.applyBatch(o.id, again, { bySourceId: true })
    // Only the person whose place changed is written again; the rest are already as the batch says.
    expect(report).toMatchObject({
      members: { created: 0, updated: 1, unchanged: 4 },
      unions: { created: 0, updated: 1, unchanged: 1 },
      links: { created: 0, updated: 0 },
      problems: [],
    })
    const tree = await o.tree()
    expect(tree.members).toHaveLength(5)
    expect(tree.unions).toHaveLength(2)
    expect((await o.bySource()).get('I1')).toMatchObject({ memberId: luis.memberId, birthPlace: 'Pasto, Nariño', relationshipToOwner: 'Bisabuelo' })
    expect(tree.unions.find((u) => u.sourceId === 'F1')).toMatchObject({ marriagePlace: 'Túquerres', marriageDate: '1915' })
  })

  it('reports what it could not take, item by item, and writes the rest', async () => {
    const o = await owner()
    const report = await service.applyBatch(
      o.id,
      {
        members: [
          { sourceId: 'A', firstName: 'Ana', lastName: 'Paz', birthDate: 'BET 1930 AND 1920' },
          { sourceId: 'B', firstName: '', lastName: 'Paz' },
          { sourceId: 'C', firstName: 'Caro', lastName: 'Paz', birthDate: '1960', deathDate: '1950' },
          { sourceId: 'A', firstName: 'Ana', lastName: 'Otra' },
          { sourceId: 'D', firstName: 'Dani', lastName: 'Paz' },
          { sourceId: 'E', firstName: 'Ema', lastName: 'Paz' },
          { sourceId: 'F', firstName: 'Fede', lastName: 'Paz' },
        ],
        unions: [
          { sourceId: 'U', firstPartner: 'A', secondPartner: 'NOBODY' },
          { sourceId: 'V', firstPartner: 'D', secondPartner: 'E', marriageDate: '1980', divorceDate: '3 MAR 1979' },
        ],
        links: [
          { child: 'C', parent: 'A' },
          { child: 'C', parent: 'D' },
          { child: 'C', parent: 'E' },
          { child: 'A', parent: 'C' },
          { child: 'B', parent: 'A' },
          { child: 'F', union: 'NONE' },
        ],
      },
      { bySourceId: true },
    )
    expect(report.problems).toEqual([
      { item: 'member', index: 0, ref: 'A', path: 'birthDate', code: 'member.date_range_reversed', outcome: 'kept_as_phrase' },
      { item: 'member', index: 1, ref: 'B', path: 'firstName', code: 'member.first_name_required', outcome: 'skipped' },
      { item: 'member', index: 2, ref: 'C', path: 'deathDate', code: 'member.death_before_birth', outcome: 'kept' },
      { item: 'member', index: 3, ref: 'A', path: 'sourceId', code: 'member.duplicate_relative', outcome: 'skipped' },
      { item: 'union', index: 0, ref: 'U', path: 'secondPartner', code: 'member.unknown_relative', params: { ref: 'NOBODY' }, outcome: 'partly_kept' },
      { item: 'union', index: 1, ref: 'V', path: 'divorceDate', code: 'member.divorce_before_marriage', outcome: 'kept' },
      { item: 'link', index: 2, ref: 'C', path: 'parent', code: 'member.too_many_parents', outcome: 'skipped' },
      { item: 'link', index: 3, ref: 'A', path: 'parent', code: 'member.cycle', outcome: 'skipped' },
      { item: 'link', index: 4, ref: 'B', path: 'child', code: 'member.unknown_relative', outcome: 'skipped' },
      { item: 'link', index: 5, ref: 'F', path: 'union', code: 'member.unknown_relative', outcome: 'skipped' },
    ])
    const m = await o.bySource()
    expect([...m.keys()].sort()).toEqual(['A', 'C', 'D', 'E', 'F'])
    expect(m.get('A')).toMatchObject({ firstName: 'Ana', lastName: 'Paz', birthDate: '(BET 1930 AND 1920)' })
    expect(m.get('C')!.parentMemberIds.sort()).toEqual([m.get('A')!.memberId, m.get('D')!.memberId].sort())
    expect(m.get('A')!.parentMemberIds).toEqual([])
  })

  it('writes a tree of thousands in batched transactions', async () => {
    const o = await owner()
    const size = 3_000
    const members = Array.from({ length: size }, (_, i) => ({ sourceId: `I${i}`, firstName: `Persona ${i}`, lastName: 'Grande', birthDate: `${1700 + (i % 300)}` }))
    // A line of descent: each person a child of the couple of the two before them.
    const unions = Array.from({ length: size / 2 }, (_, i) => ({ sourceId: `F${i}`, firstPartner: `I${2 * i}`, secondPartner: `I${2 * i + 1}` }))
    const links = Array.from({ length: size / 2 - 1 }, (_, i) => ({ child: `I${2 * i + 2}`, union: `F${i}` }))
    const progress: [number, number][] = []
    const report = await service.applyBatch(o.id, { members, unions, links }, { bySourceId: true, onProgress: (done, total) => progress.push([done, total]) })
    expect(report).toMatchObject({ members: { created: size }, unions: { created: size / 2 }, links: { created: size - 2 }, problems: [] })
    // The progress moves while the batch is written (after each transaction at least), never back, and ends at the total.
    const total = 2 * (members.length + unions.length + links.length)
    expect(progress.every(([, of]) => of === total)).toBe(true)
    expect(progress.every(([done], i) => i === 0 || done >= progress[i - 1]![0])).toBe(true)
    expect(new Set(progress.map(([done]) => done).filter((done) => done > 0 && done < total)).size).toBeGreaterThanOrEqual(4)
    expect(progress.at(-1)).toEqual([total, total])
    const tree = await o.tree()
    expect(tree.members).toHaveLength(size)
    expect(tree.unions).toHaveLength(size / 2)
    const again = await service.applyBatch(o.id, { members, unions, links }, { bySourceId: true })
    expect(again).toMatchObject({ members: { created: 0, updated: 0, unchanged: size }, links: { created: 0, updated: 0 } })
  })
})
