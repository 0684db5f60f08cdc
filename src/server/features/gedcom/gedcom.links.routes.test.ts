import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { exportThroughApi, importThroughApi } from './test/gedcom-api.ts'

// What a genealogist's tree says about its families, through the API on a real database: each
// parent's own kind, a marriage without details, the children's order, early years and unknown sex,
// kept on import and written back by both exports.

const ged = (...lines: string[]) => ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', ...lines, '0 TRLR', ''].join('\n')

// Marta's son Tomás, whom her husband Jorge raised (his step-son); Lucía, whom Marta adopted alone
// (Jorge's daughter by birth); Inés, the couple's own.
const stepFamily = ged(
  '0 @I1@ INDI',
  '1 NAME Jorge /Vidal/',
  '1 SEX M',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Marta /Sol/',
  '1 SEX F',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Tomás /Sol/',
  '1 FAMC @F1@',
  '0 @I4@ INDI',
  '1 NAME Lucía /Vidal/',
  '1 FAMC @F1@',
  '2 _FREL Birth',
  '2 _MREL Adopted',
  '0 @I5@ INDI',
  '1 NAME Inés /Vidal/',
  '1 FAMC @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I3@',
  '2 _FREL Step',
  '2 _MREL Birth',
  '1 CHIL @I4@',
  '1 CHIL @I5@',
)

// Three couples: married with a date, married with nothing known, and partners.
const marriages = ged(
  '0 @I1@ INDI',
  '1 NAME Ana /Mar/',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Beto /Mar/',
  '1 FAMS @F1@',
  '1 FAMS @F2@',
  '0 @I3@ INDI',
  '1 NAME Clara /Mar/',
  '1 FAMS @F2@',
  '1 FAMS @F3@',
  '0 @I4@ INDI',
  '1 NAME Dario /Mar/',
  '1 FAMS @F3@',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '1 MARR',
  '2 DATE 1950',
  '0 @F2@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I3@',
  '1 MARR Y',
  '0 @F3@ FAM',
  '1 HUSB @I4@',
  '1 WIFE @I3@',
)

// The children in the family's own order: neither alphabetical nor by birth.
const childOrder = ged(
  '0 @I1@ INDI',
  '1 NAME Pablo /Ros/',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Ana /Ros/',
  '1 BIRT',
  '2 DATE 1950',
  '1 FAMC @F1@',
  '0 @I3@ INDI',
  '1 NAME Zoe /Ros/',
  '1 BIRT',
  '2 DATE 1960',
  '1 FAMC @F1@',
  '0 @I4@ INDI',
  '1 NAME Mario /Ros/',
  '1 FAMC @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 CHIL @I3@',
  '1 CHIL @I4@',
  '1 CHIL @I2@',
)

const byName = (tree: FamilyTree, first: string) => tree.members.find((m) => m.firstName === first)!
/** Each parent of the member by first name, with the kind: `Jorge:step`. */
const parentKinds = (tree: FamilyTree, member: Member) =>
  member.parentLinks.map((link) => `${tree.members.find((m) => m.memberId === link.parentId)!.firstName}:${link.kind}`).sort()

describe.each(testDatabases)('GEDCOM families as a genealogist keeps them, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()

  it('keeps each parent’s kind: a step-father stays a step-father, a mother’s adoption stays hers, through both exports', async () => {
    const owner = await createTestUser(t.app)
    expect((await importThroughApi(t.app, owner, stepFamily)).status).toBe('done')
    const imported = await tree(owner)
    const expected = { Tomás: ['Jorge:step', 'Marta:birth'], Lucía: ['Jorge:birth', 'Marta:adopted'], Inés: ['Jorge:birth', 'Marta:birth'] }
    for (const [name, kinds] of Object.entries(expected)) expect(parentKinds(imported, byName(imported, name)), name).toEqual(kinds)
    // Both parents stay in the couple's family.
    const union = imported.unions[0]!
    expect(imported.members.filter((m) => m.parentLinks.every((l) => l.unionId === union.unionId)).length).toBe(imported.members.length)

    for (const version of ['5.5.1', '7.0'] as const) {
      const file = await exportThroughApi(t.app, owner, version)
      expect(file).toMatch(/1 CHIL @\w+@\r?\n2 _FREL Step\r?\n2 _MREL Birth/)
      expect(file).not.toMatch(/PEDI (adopted|ADOPTED)/)
      const copy = await createTestUser(t.app)
      expect((await importThroughApi(t.app, copy, file)).status).toBe('done')
      const again = await tree(copy)
      for (const [name, kinds] of Object.entries(expected)) expect(parentKinds(again, byName(again, name)), `${version} ${name}`).toEqual(kinds)
    }
  })
  it('writes a mother known alone as her family’s WIFE, and a couple entered wife first with the husband as HUSB', async () => {
    const owner = await createTestUser(t.app)
    const add = async (payload: object): Promise<string> => {
      const response = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/members', payload: { relationshipToOwner: 'Familia', ...payload } })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().member.memberId
    }
    const aurora = await add({ firstName: 'Aurora', lastName: 'Gómez', gender: 'Femenino' })
    await add({ firstName: 'Marta', lastName: 'Gómez', parentMemberIds: [aurora] })
    const rosa = await add({ firstName: 'Rosa', lastName: 'Díaz', gender: 'Femenino' })
    await add({ firstName: 'Luis', lastName: 'Pérez', gender: 'Masculino', spouseMemberIds: [rosa] })
    for (const version of ['5.5.1', '7.0'] as const) {
      const file = await exportThroughApi(t.app, owner, version)
      const xrefOf = (name: string) => new RegExp(`0 @(\\w+)@ INDI\\r?\\n1 NAME ${name}`).exec(file)![1]!
      const families = file.split(/\r?\n(?=0 )/).filter((record) => / FAM\r?$/m.test(record.split(/\r?\n/)[0]!))
      const familyOf = (xref: string) => families.find((record) => record.includes(`@${xref}@`))!
      expect(familyOf(xrefOf('Aurora /Gómez/')), version).toMatch(new RegExp(`1 WIFE @${xrefOf('Aurora /Gómez/')}@`))
      expect(familyOf(xrefOf('Aurora /Gómez/')), version).not.toMatch(/1 HUSB/)
      const couple = familyOf(xrefOf('Rosa /Díaz/'))
      expect(couple, version).toMatch(new RegExp(`1 HUSB @${xrefOf('Luis /Pérez/')}@`))
      expect(couple, version).toMatch(new RegExp(`1 WIFE @${xrefOf('Rosa /Díaz/')}@`))
    }
  })

  it('keeps a marriage with no date or place as a marriage, apart from partners, and writes it back as MARR Y', async () => {
    const owner = await createTestUser(t.app)
    expect((await importThroughApi(t.app, owner, marriages)).status).toBe('done')
    const couples = (tree: FamilyTree) =>
      tree.unions
        .map(
          (u) => `${[u.firstPartnerId, u.secondPartnerId].map((id) => tree.members.find((m) => m.memberId === id)!.firstName).join('+')}:${u.isMarried ? 'married' : 'partners'}`,
        )
        .sort()
    const expected = ['Beto+Ana:married', 'Beto+Clara:married', 'Dario+Clara:partners']
    expect(couples(await tree(owner))).toEqual(expected)
    for (const version of ['5.5.1', '7.0'] as const) {
      const file = await exportThroughApi(t.app, owner, version)
      expect(file.match(/^1 MARR Y$/gm), version).toHaveLength(1)
      expect(file.match(/^1 MARR/gm), version).toHaveLength(2)
      const copy = await createTestUser(t.app)
      expect((await importThroughApi(t.app, copy, file)).status).toBe('done')
      expect(couples(await tree(copy)), version).toEqual(expected)
    }
    // The same file again never takes a marriage back, nor makes partners married.
    await importThroughApi(t.app, owner, marriages)
    expect(couples(await tree(owner))).toEqual(expected)
  })
  it('keeps the children in their family’s order through the API, both exports and a form save; a child added later follows', async () => {
    const owner = await createTestUser(t.app)
    expect((await importThroughApi(t.app, owner, childOrder)).status).toBe('done')
    const firstNames = (tree: FamilyTree, ids: string[]) => ids.map((id) => tree.members.find((m) => m.memberId === id)!.firstName)
    const order = (tree: FamilyTree) => ({
      union: firstNames(
        tree,
        tree.unions[0]!.children.map((c) => c.childId),
      ),
      father: firstNames(tree, byName(tree, 'Pablo').childrenMemberIds),
    })
    const expected = { union: ['Zoe', 'Mario', 'Ana'], father: ['Zoe', 'Mario', 'Ana'] }
    expect(order(await tree(owner))).toEqual(expected)
    for (const version of ['5.5.1', '7.0'] as const) {
      const file = await exportThroughApi(t.app, owner, version)
      const copy = await createTestUser(t.app)
      expect((await importThroughApi(t.app, copy, file)).status).toBe('done')
      expect(order(await tree(copy)), version).toEqual(expected)
    }
    // Saving a child's form (which rewrites their links) keeps their place; a child added by hand comes last.
    const before = await tree(owner)
    const zoe = byName(before, 'Zoe')
    const saved = await as(
      t.app,
      owner,
    )({
      method: 'PATCH',
      url: `/api/family-tree/members/${zoe.memberId}`,
      payload: { firstName: 'Zoé', parentLinks: zoe.parentLinks.map(({ parentId, kind }) => ({ parentId, kind })) },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const added = await as(
      t.app,
      owner,
    )({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'Bea', lastName: 'Ros', relationshipToOwner: 'Prima', birthDate: '1940', parentMemberIds: [byName(before, 'Pablo').memberId] },
    })
    expect(added.statusCode, added.body).toBe(201)
    expect(order(await tree(owner)).father).toEqual(['Zoé', 'Mario', 'Ana', 'Bea'])
  })
  it('keeps a GEDCOM year below 100 as a date, and writes it back as written; someone of neither sex is U in 5.5.1', async () => {
    const owner = await createTestUser(t.app)
    const file = ged('0 @I1@ INDI', '1 NAME Julia /Prisca/', '1 SEX X', '1 BIRT', '2 DATE 20', '1 DEAT', '2 DATE ABT 46', '2 PLAC Roma')
    expect((await importThroughApi(t.app, owner, file)).status).toBe('done')
    const julia = byName(await tree(owner), 'Julia')
    expect([julia.birthDate, julia.deathDate, julia.birthDateSortKey !== null]).toEqual(['0020', 'ABT 0046', true])
    const v551 = await exportThroughApi(t.app, owner, '5.5.1')
    const v7 = await exportThroughApi(t.app, owner, '7.0')
    for (const text of [v551, v7]) expect(text).toMatch(/1 BIRT\r?\n2 DATE 20\r?\n1 DEAT\r?\n2 DATE ABT 46\r?\n/)
    expect(v551).toMatch(/^1 SEX U$/m)
    expect(v7).toMatch(/^1 SEX X$/m)
  })
})
