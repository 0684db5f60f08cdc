import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts'
import { familyOf, memberFormBody } from './test/family-api.ts'
import { importThroughApi } from '../gedcom/test/gedcom-api.ts'

// What the member form writes beyond names and dates: how a child belongs to each parent, and a
// union's divorce and notes; and that saving the form of an imported person keeps every family
// and link the file gave them.

/** Ana's birth parents Pedro and María, her adoptive parents Luis and Marta (married, then Luis divorced Rosa), Marta's son Tomás. */
const families = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Luis /Díaz/',
  '1 SEX M',
  '1 FAMS @F1@',
  '1 FAMS @F2@',
  '0 @I2@ INDI',
  '1 NAME Rosa /Gil/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE BET 1925 AND 1928',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Marta /Paz/',
  '1 FAMS @F2@',
  '1 FAMS @F4@',
  '0 @I4@ INDI',
  '1 NAME Ana /Díaz/',
  '1 FAMC @F3@',
  '1 FAMC @F2@',
  '2 PEDI adopted',
  '0 @I5@ INDI',
  '1 NAME Eva /Díaz Gil/',
  '1 FAMC @F1@',
  '0 @I6@ INDI',
  '1 NAME Pedro /Ruiz/',
  '1 FAMS @F3@',
  '0 @I7@ INDI',
  '1 NAME María /Vega/',
  '1 FAMS @F3@',
  '0 @I8@ INDI',
  '1 NAME Tomás /Paz/',
  '1 FAMC @F4@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I5@',
  '1 MARR',
  '2 DATE 1950',
  '2 PLAC Pasto',
  '1 DIV',
  '2 DATE ABT 1962',
  '2 PLAC Quito',
  '1 NOTE Se separaron en paz.',
  '0 @F2@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I3@',
  '1 CHIL @I4@',
  '1 MARR',
  '2 DATE 3 MAR 1965',
  '2 PLAC Cali',
  '0 @F3@ FAM',
  '1 HUSB @I6@',
  '1 WIFE @I7@',
  '1 CHIL @I4@',
  '0 @F4@ FAM',
  '1 WIFE @I3@',
  '1 CHIL @I8@',
  '0 TRLR',
  '',
].join('\n')

/** The tree without what a save changes by design (times), children of unknown birth in any order. */
const relations = (tree: FamilyTree) => ({
  unions: tree.unions,
  members: tree.members.map(({ updatedAt: _updated, childrenMemberIds, ...member }) => ({ ...member, childrenMemberIds: [...childrenMemberIds].sort() })),
})

describe.each(testDatabases)('parent kinds, divorces and union notes through the member API on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  const family = () => familyOf(t.app, { preferredLanguage: 'es' })

  it('records a step-parent beside both birth parents: the step-parent is neither refused nor counted as a birth parent', async () => {
    const f = await family()
    const pedro = await f.add({ firstName: 'Pedro', lastName: 'Ruiz', relationshipToOwner: 'Padre' })
    const marta = await f.add({ firstName: 'Marta', lastName: 'Paz', relationshipToOwner: 'Madre' })
    const luis = await f.add({ firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Padrastro', spouseMemberIds: [marta.memberId] })
    const tomas = await f.add({
      firstName: 'Tomás',
      lastName: 'Ruiz',
      relationshipToOwner: 'Yo',
      isSelf: true,
      parentLinks: [
        { parentId: pedro.memberId, kind: 'birth' },
        { parentId: marta.memberId, kind: 'birth' },
        { parentId: luis.memberId, kind: 'step' },
      ],
    })
    expect(tomas.parentLinks.map(({ parentId, kind }) => ({ parentId, kind }))).toEqual([
      { parentId: pedro.memberId, kind: 'birth' },
      { parentId: marta.memberId, kind: 'birth' },
      { parentId: luis.memberId, kind: 'step' },
    ])
    // A third birth parent is still refused.
    const refused = await f.patch(tomas.memberId, { parentLinks: [...tomas.parentLinks.map(({ parentId, kind }) => ({ parentId, kind: kind === 'step' ? 'birth' : kind }))] })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.details).toEqual([expect.objectContaining({ code: 'member.too_many_parents' })])
  })

  it('records a marriage nobody knows the date or place of, tells partners apart, and takes a wedding date as a marriage', async () => {
    const f = await family()
    const luis = await f.add({ firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Abuelo' })
    const rosa = await f.add({ firstName: 'Rosa', lastName: 'Gil', relationshipToOwner: 'Abuela', unions: [{ spouseId: luis.memberId, isMarried: true }] })
    const marta = await f.add({ firstName: 'Marta', lastName: 'Paz', relationshipToOwner: 'Tía', spouseMemberIds: [luis.memberId] })
    const unionOf = async (memberId: string) => (await f.tree()).unions.find((u) => u.firstPartnerId === memberId)!
    expect(await unionOf(rosa.memberId)).toMatchObject({ isMarried: true, marriageDate: null, marriagePlace: '' })
    expect(await unionOf(marta.memberId)).toMatchObject({ isMarried: false })
    const partners = await unionOf(marta.memberId)
    // A wedding date makes it a marriage, whatever the box said.
    const dated = await f.patch(marta.memberId, { unions: [{ unionId: partners.unionId, spouseId: luis.memberId, marriageDate: '1970', isMarried: false }] })
    expect(dated.statusCode, dated.body).toBe(200)
    expect(await unionOf(marta.memberId)).toMatchObject({ isMarried: true })
    // A form that does not know the field leaves it as it is.
    await f.patch(rosa.memberId, { unions: [{ unionId: (await unionOf(rosa.memberId)).unionId, spouseId: luis.memberId, notes: 'Boda en casa.' }] })
    expect(await unionOf(rosa.memberId)).toMatchObject({ isMarried: true, notes: 'Boda en casa.' })
  })

  it('records birth and adoptive parents, two of each kind at most, and a change of kind', async () => {
    const f = await family()
    const pedro = await f.add({ firstName: 'Pedro', lastName: 'Ruiz', relationshipToOwner: 'Tío' })
    const maria = await f.add({ firstName: 'María', lastName: 'Vega', relationshipToOwner: 'Tía', spouseMemberIds: [pedro.memberId] })
    const luis = await f.add({ firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Abuelo' })
    const ana = await f.add({
      firstName: 'Ana',
      lastName: 'Ruiz',
      relationshipToOwner: 'Prima',
      parentLinks: [
        { parentId: pedro.memberId, kind: 'birth' },
        { parentId: maria.memberId, kind: 'birth' },
        { parentId: luis.memberId, kind: 'adopted' },
      ],
    })
    const couple = (await f.tree()).unions[0]!.unionId
    expect(ana.parentMemberIds).toEqual([pedro.memberId, maria.memberId, luis.memberId].sort())
    expect(new Set(ana.parentLinks)).toEqual(
      new Set([
        { parentId: pedro.memberId, unionId: couple, kind: 'birth' },
        { parentId: maria.memberId, unionId: couple, kind: 'birth' },
        { parentId: luis.memberId, unionId: null, kind: 'adopted' },
      ]),
    )

    // A third parent by birth is refused; a kind the server does not know too.
    const third = await f.patch(ana.memberId, { parentLinks: [...ana.parentLinks.map(({ parentId }) => ({ parentId, kind: 'birth' }))] })
    expect(third.statusCode).toBe(400)
    expect(third.json().error.details).toEqual([{ path: 'parentMemberIds', code: 'member.too_many_parents' }])
    const unknown = await f.patch(ana.memberId, { parentLinks: [{ parentId: luis.memberId, kind: 'godparent' }] })
    expect(unknown.json().error.details).toEqual([{ path: 'parentLinks.0.kind', code: 'validation.invalid' }])

    // Pedro becomes her foster father: he leaves the couple's family; María, unchanged, stays in it.
    const changed = await f.patch(ana.memberId, {
      parentLinks: [
        { parentId: pedro.memberId, kind: 'foster' },
        { parentId: maria.memberId, kind: 'birth' },
        { parentId: luis.memberId, kind: 'adopted' },
      ],
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(new Set(changed.json<{ member: Member }>().member.parentLinks)).toEqual(
      new Set([
        { parentId: pedro.memberId, unionId: null, kind: 'foster' },
        { parentId: maria.memberId, unionId: couple, kind: 'birth' },
        { parentId: luis.memberId, unionId: null, kind: 'adopted' },
      ]),
    )
    // The old list of parents still works, and keeps the kinds of the parents it keeps.
    const kept = (await f.patch(ana.memberId, { parentMemberIds: [luis.memberId, pedro.memberId] })).json<{ member: Member }>().member
    expect(new Set(kept.parentLinks.map((link) => link.kind))).toEqual(new Set(['adopted', 'foster']))
  })

  it('takes the kind of each child from the parent’s own form, and keeps a child’s link when the kind is unchanged', async () => {
    const f = await family()
    const pedro = await f.add({ firstName: 'Pedro', lastName: 'Ruiz', relationshipToOwner: 'Tío' })
    const maria = await f.add({ firstName: 'María', lastName: 'Vega', relationshipToOwner: 'Tía', spouseMemberIds: [pedro.memberId] })
    const ana = await f.add({ firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Prima', parentMemberIds: [pedro.memberId, maria.memberId] })
    const tomas = await f.add({ firstName: 'Tomás', lastName: 'Paz', relationshipToOwner: 'Primo' })
    const linkOf = async (childId: string, parentId: string) => (await f.tree()).members.find((m) => m.memberId === childId)!.parentLinks.find((link) => link.parentId === parentId)

    // Marta adds Ana, who has two birth parents, as her adopted daughter, and Tomás as her son.
    const marta = await f.add({
      firstName: 'Marta',
      lastName: 'Paz',
      relationshipToOwner: 'Tía',
      childLinks: [
        { childId: ana.memberId, kind: 'adopted' },
        { childId: tomas.memberId, kind: 'birth' },
      ],
    })
    expect(marta.childrenMemberIds.sort()).toEqual([ana.memberId, tomas.memberId].sort())
    expect(await linkOf(ana.memberId, marta.memberId)).toMatchObject({ kind: 'adopted' })
    expect(await linkOf(tomas.memberId, marta.memberId)).toMatchObject({ kind: 'birth' })
    // Ana's birth parents keep their family.
    expect((await linkOf(ana.memberId, pedro.memberId))!.unionId).not.toBeNull()

    // The kinds change from Marta's side; a third birth parent for Ana is refused.
    const fostered = await f.patch(marta.memberId, {
      childLinks: [
        { childId: ana.memberId, kind: 'foster' },
        { childId: tomas.memberId, kind: 'birth' },
      ],
    })
    expect(fostered.statusCode, fostered.body).toBe(200)
    expect(await linkOf(ana.memberId, marta.memberId)).toMatchObject({ kind: 'foster' })
    const third = await f.patch(marta.memberId, { childLinks: [{ childId: ana.memberId, kind: 'birth' }] })
    expect(third.statusCode).toBe(400)
    expect(third.json().error.details).toEqual([{ path: 'childrenMemberIds', code: 'member.child_has_two_parents', params: { name: 'Ana Ruiz' } }])
    // The plain list of children (an older client) keeps each kept child's kind, and drops Tomás.
    const plain = await f.patch(marta.memberId, { childrenMemberIds: [ana.memberId] })
    expect(plain.statusCode, plain.body).toBe(200)
    expect(await linkOf(ana.memberId, marta.memberId)).toMatchObject({ kind: 'foster' })
    expect(await linkOf(tomas.memberId, marta.memberId)).toBeUndefined()
    const bad = await f.patch(marta.memberId, { childLinks: [{ childId: ana.memberId, kind: 'godparent' }] })
    expect(bad.json().error.details).toEqual([{ path: 'childLinks.0.kind', code: 'validation.invalid' }])
  })

  it('keeps a divorce and the notes of a union, changes them when sent, and clears them with empty text', async () => {
    const f = await family()
    const rosa = await f.add({ firstName: 'Rosa', lastName: 'Gil', relationshipToOwner: 'Abuela' })
    const luis = await f.add({
      firstName: 'Luis',
      lastName: 'Díaz',
      relationshipToOwner: 'Abuelo',
      unions: [{ spouseId: rosa.memberId, marriageDate: '1950', marriagePlace: 'Pasto', divorceDate: 'hacia 1962', divorcePlace: ' Quito ', notes: 'Se separaron en paz.' }],
    })
    const [union] = (await f.tree()).unions
    expect(union).toMatchObject({ marriageDate: '1950', divorceDate: 'ABT 1962', divorcePlace: 'Quito', notes: 'Se separaron en paz.' })

    // A client that knows nothing of divorces (the old form) sends the marriage alone: the rest stays.
    const old = await f.patch(luis.memberId, { unions: [{ unionId: union!.unionId, spouseId: rosa.memberId, marriagePlace: 'Ipiales' }] })
    expect(old.statusCode, old.body).toBe(200)
    expect((await f.tree()).unions).toMatchObject([
      { unionId: union!.unionId, marriageDate: '1950', marriagePlace: 'Ipiales', divorceDate: 'ABT 1962', divorcePlace: 'Quito', notes: 'Se separaron en paz.' },
    ])

    const reversed = await f.patch(luis.memberId, { unions: [{ unionId: union!.unionId, spouseId: rosa.memberId, divorceDate: 'entre 1965 y 1960' }] })
    expect(reversed.json().error.details).toEqual([{ path: 'unions.0.divorceDate', code: 'member.date_range_reversed' }])

    // A divorce surely before the wedding is refused, also when only the divorce is sent (the
    // wedding kept is 1950); "about" is never sure, so it passes.
    const early = await f.patch(luis.memberId, { unions: [{ unionId: union!.unionId, spouseId: rosa.memberId, divorceDate: 'mayo de 1949' }] })
    expect(early.statusCode).toBe(400)
    expect(early.json().error.details).toEqual([{ path: 'unions.0.divorceDate', code: 'member.divorce_before_marriage' }])
    const newUnion = await f.patch(rosa.memberId, {
      unions: [
        { unionId: union!.unionId, spouseId: luis.memberId },
        { spouseId: null, marriageDate: '1970', divorceDate: '1965' },
      ],
    })
    expect(newUnion.json().error.details).toEqual([{ path: 'unions.1.divorceDate', code: 'member.divorce_before_marriage' }])
    const unsure = await f.patch(luis.memberId, { unions: [{ unionId: union!.unionId, spouseId: rosa.memberId, divorceDate: 'hacia 1949' }] })
    expect(unsure.statusCode, unsure.body).toBe(200)

    const cleared = await f.patch(luis.memberId, { unions: [{ unionId: union!.unionId, spouseId: rosa.memberId, divorceDate: '', divorcePlace: '', notes: '' }] })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await f.tree()).unions).toMatchObject([{ unionId: union!.unionId, marriageDate: '1950', divorceDate: null, divorcePlace: '', notes: '' }])
  })

  it('saves the form of each imported person without losing a family, a kind, a divorce or a one-parent family', async () => {
    const f = await family()
    const job = await importThroughApi(t.app, f.user, families)
    expect(job.status).toBe('done')
    const before = await f.tree()
    expect(before.unions).toHaveLength(4)
    const ana = before.members.find((m) => m.firstName === 'Ana')!
    expect(ana.parentLinks.map((link) => link.kind).sort()).toEqual(['adopted', 'adopted', 'birth', 'birth'])

    for (const member of before.members) {
      const saved = await f.patch(member.memberId, memberFormBody(member, await f.tree()))
      expect(saved.statusCode, `${member.firstName}: ${saved.body}`).toBe(200)
    }
    expect(relations(await f.tree())).toEqual(relations(before))
  })
})
