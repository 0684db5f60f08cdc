import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { gedcomUpload, multipartFile } from '../../test/multipart.ts'
import { as, createTestApp, createTestUser, signUpTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

// The family tree through an export and back: people with dates as written and places, couples
// with their marriages and divorces, children of different families with how they belong to
// them, source ids and notes, and the files linked to a person, all under new ids.

// The grandmother's two marriages: Ana born to the first, Pedro adopted in the second.
const family = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Rosa /Díaz/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE ABT 1920',
  '2 PLAC Pasto',
  '1 NOTE Cosía para todo el barrio.',
  '1 FAMS @F1@',
  '1 FAMS @F2@',
  '0 @I2@ INDI',
  '1 NAME Juan /Ruiz/',
  '1 SEX M',
  '1 DEAT',
  '2 DATE 1975',
  '2 PLAC Quito',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Mario /Gil/',
  '1 SEX M',
  '1 FAMS @F2@',
  '0 @I4@ INDI',
  '1 NAME Ana /Ruiz Díaz/',
  '1 BIRT',
  '2 DATE 3 MAR 1942',
  '1 FAMC @F1@',
  '0 @I5@ INDI',
  '1 NAME Pedro /Gil Díaz/',
  '1 FAMC @F2@',
  '2 PEDI adopted',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '1 CHIL @I4@',
  '1 MARR',
  '2 DATE 1940',
  '2 PLAC Ipiales',
  '1 DIV',
  '2 DATE 1950',
  '2 PLAC Pasto',
  '1 NOTE Se separaron en paz.',
  '0 @F2@ FAM',
  '1 HUSB @I3@',
  '1 WIFE @I1@',
  '1 CHIL @I5@',
  '1 MARR',
  '2 DATE 12 MAR 1955',
  '2 PLAC San Juan de Pasto',
  '0 TRLR',
  '',
].join('\n')

/** The tree as a reader sees it, every id replaced by who or what it points at. */
function described(tree: FamilyTree) {
  const name = new Map(tree.members.map((m) => [m.memberId, `${m.firstName} ${m.lastName}`]))
  const union = new Map(tree.unions.map((u) => [u.unionId, `${name.get(u.firstPartnerId ?? '')} & ${name.get(u.secondPartnerId ?? '')}`]))
  const names = (ids: string[]) => ids.map((id) => name.get(id))
  return {
    members: tree.members.map(
      ({ memberId, createdAt: _c, updatedAt: _u, parentMemberIds, parentLinks, spouseMemberIds, childrenMemberIds, unionIds, mediaAssetIds, interviewSegments, ...fields }) => ({
        ...fields,
        name: name.get(memberId),
        parents: names(parentMemberIds).sort(),
        parentLinks: parentLinks
          .map((l) => ({ parent: name.get(l.parentId), union: l.unionId && union.get(l.unionId), kind: l.kind }))
          .sort((a, b) => a.parent!.localeCompare(b.parent!)),
        spouses: names(spouseMemberIds),
        children: names(childrenMemberIds),
        unions: unionIds.map((id) => union.get(id)),
        media: mediaAssetIds.length,
        interviews: interviewSegments.length,
      }),
    ),
    unions: tree.unions.map(({ unionId, firstPartnerId, secondPartnerId, children, ...fields }) => ({
      ...fields,
      union: union.get(unionId),
      partners: [name.get(firstPartnerId ?? ''), name.get(secondPartnerId ?? '')],
      children: children.map((c) => ({ child: name.get(c.childId), kind: c.kind })),
    })),
  }
}

describe.each(testDatabases)('the family tree through an export and back, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let archive: Uint8Array
  const tree = async (user: TestUser): Promise<FamilyTree> => (await as(t.app, user)({ method: 'GET', url: '/api/family-tree' })).json()
  const importInto = async (user: TestUser, bytes: Uint8Array) => {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', bytes) })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().kinds.find((kind: { kind: string }) => kind.kind === 'familyTree')
  }

  beforeAll(async () => {
    t = await createTestApp(database, { IMPORT_MAX_BYTES: '2000000' })
    owner = await createTestUser(t.app)
    const started = await as(t.app, owner)({ method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(family) })
    expect(started.statusCode, started.body).toBe(202)
    for (let job = started.json().job; job.status !== 'done';) {
      expect(job.status).not.toBe('failed')
      await new Promise((resolve) => setTimeout(resolve, 25))
      job = (await as(t.app, owner)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${job.id}` })).json().job
    }
    // The owner, a child of Ana by the form (a parent with no couple), and a letter of Rosa's.
    const ana = (await tree(owner)).members.find((m) => m.firstName === 'Ana')!
    const added = await as(
      t.app,
      owner,
    )({
      method: 'POST',
      url: '/api/family-tree/members',
      payload: { firstName: 'Lucía', lastName: 'Ruiz', isSelf: true, birthDate: 'entre 1970 y 1972', parentMemberIds: [ana.memberId], language: 'es' },
    })
    expect(added.statusCode, added.body).toBe(201)
    const rosa = (await tree(owner)).members.find((m) => m.firstName === 'Rosa')!
    const letter = Buffer.from('Querida Ana: te escribo desde Pasto.')
    const upload = await tusClient(t.app, owner).createWithData(letter, { filename: 'carta.txt', linkedToType: 'member', linkedToId: rosa.memberId })
    expect(upload.statusCode).toBe(201)
    const exported = await as(t.app, owner)({ method: 'GET', url: '/api/me/export' })
    expect(exported.statusCode).toBe(200)
    archive = exported.rawPayload
  })
  afterAll(() => t.close())

  it('restores every person, couple and link with their dates, places, notes, kinds and source ids, under new ids', async () => {
    const heir = await createTestUser(t.app)
    const report = await importInto(heir, archive)
    expect(report).toEqual({ kind: 'familyTree', found: 6, restored: 6, skipped: [] })
    const [before, after] = [await tree(owner), await tree(heir)]
    expect(described(after)).toEqual(described(before))
    expect(after.members.map((m) => m.memberId).filter((id) => before.members.some((m) => m.memberId === id))).toEqual([])
    expect(after.unions.map((u) => u.unionId).filter((id) => before.unions.some((u) => u.unionId === id))).toEqual([])

    // What the comparison holds, said plainly.
    const { members, unions } = described(after)
    expect(members.find((m) => m.name === 'Rosa Díaz')).toMatchObject({
      birthDate: 'ABT 1920',
      birthPlace: 'Pasto',
      notes: 'Cosía para todo el barrio.',
      sourceId: expect.stringContaining('I1'),
      media: 1,
    })
    expect(members.find((m) => m.name === 'Lucía Ruiz')).toMatchObject({ isSelf: true, sourceId: null, parentLinks: [{ parent: 'Ana Ruiz Díaz', union: null, kind: 'birth' }] })
    expect(members.find((m) => m.name === 'Pedro Gil Díaz')!.parentLinks).toEqual([
      { parent: 'Mario Gil', union: 'Mario Gil & Rosa Díaz', kind: 'adopted' },
      { parent: 'Rosa Díaz', union: 'Mario Gil & Rosa Díaz', kind: 'adopted' },
    ])
    expect(unions).toMatchObject([
      {
        union: 'Juan Ruiz & Rosa Díaz',
        marriageDate: '1940',
        marriagePlace: 'Ipiales',
        divorceDate: '1950',
        divorcePlace: 'Pasto',
        notes: 'Se separaron en paz.',
        children: [{ child: 'Ana Ruiz Díaz', kind: 'birth' }],
      },
      { union: 'Mario Gil & Rosa Díaz', marriageDate: '1955-03-12', marriagePlace: 'San Juan de Pasto', children: [{ child: 'Pedro Gil Díaz', kind: 'adopted' }] },
    ])
    // The letter follows Rosa to her new id, byte for byte.
    const rosa = after.members.find((m) => m.firstName === 'Rosa')!
    const [file] = (await as(t.app, heir)({ method: 'GET', url: `/api/media?memberId=${rosa.memberId}` })).json().media
    expect((await as(t.app, heir)({ method: 'GET', url: `/api/media/${file.id}/content` })).body).toBe('Querida Ana: te escribo desde Pasto.')
  })

  it('restored twice, adds the people again beside the first ones without their source ids, and says so', async () => {
    const heir = await createTestUser(t.app)
    await importInto(heir, archive)
    const first = await tree(heir)
    const again = await importInto(heir, archive)
    // Lucía says "this is me" and the heir already has her; the others come back beside themselves.
    expect(again.restored).toBe(5)
    const sourceIds = first.members.filter((m) => m.sourceId).length + first.unions.filter((u) => u.sourceId).length
    expect(again.skipped.filter((s: { reason: string }) => s.reason === 'source_id_taken')).toHaveLength(sourceIds)
    expect(again.skipped).toContainEqual({ id: expect.any(String), reason: 'source_id_taken', detail: 'sourceId member.source_id_taken partly_kept' })
    expect(again.skipped).toContainEqual({ id: expect.any(String), reason: 'rejected_by_rules', detail: 'isSelf member.self_exists' })
    const now = await tree(heir)
    // The people already there are exactly as they were: nothing merged into them.
    for (const member of first.members) expect(now.members.find((m) => m.memberId === member.memberId)).toEqual({ ...member, updatedAt: expect.any(String) })
    const copies = now.members.filter((m) => !first.members.some((f) => f.memberId === m.memberId))
    expect(copies.map((m) => m.sourceId)).toEqual(copies.map(() => null))
    expect(copies.find((m) => m.firstName === 'Pedro')!.parentLinks.map((l) => l.kind)).toEqual(['adopted', 'adopted'])
  })

  it('into a fresh account, lets the exported self take over the own card sign-up made: one self, the archive’s facts, the first memory kept', async () => {
    const heir = await signUpTestUser(t.app, { name: 'Lucía Ruiz', birthDate: '1971' })
    const [card] = (await tree(heir)).members
    expect(card).toMatchObject({ isSelf: true, firstName: 'Lucía' })
    const memory = await as(t.app, heir)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Mi primer recuerdo, antes de traer mi archivo.' } })
    expect(memory.json()).toMatchObject({ subjectMemberId: card!.memberId })

    expect(await importInto(heir, archive)).toEqual({ kind: 'familyTree', found: 6, restored: 6, skipped: [] })
    const after = await tree(heir)
    expect(after.members.filter((m) => m.isSelf)).toEqual([
      expect.objectContaining({ memberId: card!.memberId, firstName: 'Lucía', lastName: 'Ruiz', birthDate: 'BET 1970 AND 1972', parentMemberIds: [expect.any(String)] }),
    ])
    expect(after.members).toHaveLength(6)
    const { entries } = (await as(t.app, heir)({ method: 'GET', url: '/api/biography/entries' })).json()
    expect(entries.map((e: { subjectMemberId: string }) => e.subjectMemberId)).toEqual(entries.map(() => card!.memberId))
    expect(entries).toHaveLength(1)
  })

  it('keeps a relative’s export apart from the own card of someone else: their self is not taken for the account’s', async () => {
    const granddaughter = await signUpTestUser(t.app, { name: 'Marta Gil' })
    const report = await importInto(granddaughter, archive)
    expect(report.skipped).toContainEqual(expect.objectContaining({ reason: 'rejected_by_rules', detail: 'isSelf member.self_exists' }))
    expect((await tree(granddaughter)).members.filter((m) => m.isSelf)).toEqual([expect.objectContaining({ firstName: 'Marta', lastName: 'Gil' })])
  })

  it('restores an export written before unions were rows, from its spouses and parents', async () => {
    const files = unzipSync(archive)
    const current = JSON.parse(strFromU8(files['family-tree.json']!)) as FamilyTree
    const older = { tree: current.tree, members: current.members.map(({ parentLinks: _l, unionIds: _u, ...member }) => member) }
    files['family-tree.json'] = strToU8(JSON.stringify(older))
    const heir = await createTestUser(t.app)
    expect(await importInto(heir, zipSync(files))).toEqual({ kind: 'familyTree', found: 6, restored: 6, skipped: [] })
    const { members, unions } = described(await tree(heir))
    // An older export knew neither who came first in a couple nor how a child belonged to it.
    expect(unions.map((u) => [[...u.partners].sort(), u.children])).toEqual([
      [['Juan Ruiz', 'Rosa Díaz'], [{ child: 'Ana Ruiz Díaz', kind: 'birth' }]],
      [['Mario Gil', 'Rosa Díaz'], [{ child: 'Pedro Gil Díaz', kind: 'birth' }]],
    ])
    expect(members.find((m) => m.name === 'Rosa Díaz')).toMatchObject({
      birthDate: 'ABT 1920',
      spouses: ['Juan Ruiz', 'Mario Gil'],
      children: ['Ana Ruiz Díaz', 'Pedro Gil Díaz'],
      media: 1,
    })
    expect(members.find((m) => m.name === 'Lucía Ruiz')).toMatchObject({ isSelf: true, parents: ['Ana Ruiz Díaz'] })
  })
})
