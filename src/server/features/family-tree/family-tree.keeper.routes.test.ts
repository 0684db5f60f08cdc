import { existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import { seedOwnerData } from '../../test/owner-data.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { keyColumns, keyedTables } from './family-tree.keeper.repository.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// A grandmother builds the family's tree, hands it to her daughter and deletes her account (or
// leaves the tree): the tree stays with the family, whole, and nothing of her own stays.

const password = 'un-recuerdo-largo'

/** Every table of the database with a column that holds an account's key, read from its catalogue. */
async function tablesWithKeys(t: TestApp, database: string): Promise<string[]> {
  const columns =
    database === 'sqlite'
      ? (await sql<{ tbl: string; col: string }>`select m.name as tbl, p.name as col from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`.execute(t.db))
          .rows
      : (await sql<{ tbl: string; col: string }>`select table_name as tbl, column_name as col from information_schema.columns where table_schema = current_schema()`.execute(t.db))
          .rows
  return [...new Set(columns.filter((row) => (keyColumns as readonly string[]).includes(row.col)).map((row) => row.tbl))].sort()
}

/** How many rows of each table with an account's key carry `userId`'s. */
async function keyedRowsOf(t: TestApp, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of Object.keys(keyedTables)) {
    const column = table === 'collection_version' ? 'owner_id' : 'owner_user_id'
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(t.db)
    if (Number(rows[0]!.n) > 0) counts[table] = Number(rows[0]!.n)
  }
  return counts
}

describe.each(testDatabases)('a tree handed over outlives the account it was kept in, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  const call = (user: TestUser) => as(t.app, user)
  const treeOf = async (user: TestUser) => (await call(user)({ method: 'GET', url: '/api/family-tree' })).json() as FamilyTree
  const stored = (key: string) => existsSync(path.join(t.dataDir, 'media', key))
  const photo = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer()

  /** A grandmother with one of everything, a union, a photo of a relative and one of a memory, who hands her tree to her daughter. */
  async function handedOver() {
    const rosa = await createTestUser(t.app, { name: 'Rosa Díaz', password })
    const ids = await seedOwnerData(t.app, rosa)
    const husband = (
      await call(rosa)({
        method: 'POST',
        url: '/api/family-tree/members',
        payload: { firstName: 'Pedro', lastName: 'Ruiz', relationshipToOwner: 'Esposo', spouseMemberIds: [ids.member] },
      })
    ).json().member as Member
    const picture = await photo()
    const uploaded = await tusClient(t.app, rosa).createWithData(picture, { filename: 'boda.png', linkedToType: 'member', linkedToId: husband.memberId })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const photoId = String(uploaded.headers['legado-media-id'])
    const ofMemory = await tusClient(t.app, rosa).createWithData(await photo(), { filename: 'finca.png', linkedToType: 'biographyEntry', linkedToId: ids.entry })
    expect(ofMemory.statusCode, ofMemory.body).toBe(201)
    const memoryPhotoId = String(ofMemory.headers['legado-media-id'])

    const daughter = await createTestUser(t.app, { name: 'Lucía Ruiz', password })
    await joinByInvitation(t.app, { inviter: rosa, invitee: daughter, treeId: ids.tree, role: 'editor' })
    expect((await call(rosa)({ method: 'PATCH', url: `/api/trees/${ids.tree}/people/${daughter.id}`, payload: { role: 'owner' } })).statusCode).toBe(204)
    const before = await treeOf(daughter)
    return { rosa, daughter, ids, husband, picture, photoId, memoryPhotoId, before }
  }

  it('classifies every table that holds an account’s key as the tree’s or the person’s own', async () => {
    expect(await tablesWithKeys(t, database)).toEqual(Object.keys(keyedTables).sort())
  })

  it('keeps the tree whole with the daughter when the grandmother deletes her account, and nothing of the grandmother’s own', async () => {
    const { rosa, daughter, ids, husband, picture, photoId, memoryPhotoId, before } = await handedOver()
    const memoryPhotoKey = (await t.db.selectFrom('mediaAsset').select('storagePath').where('id', '=', memoryPhotoId).executeTakeFirstOrThrow()).storagePath
    const reach = (await call(rosa)({ method: 'GET', url: '/api/me/reach' })).json()
    expect(reach.handedOverTrees).toEqual([{ treeId: ids.tree, treeName: 'Árbol de Rosa Díaz', ownerName: 'Lucía Ruiz' }])

    const erased = await call(rosa)({ method: 'DELETE', url: '/api/me', payload: { password } })
    expect(erased.statusCode, erased.body).toBe(204)

    // Every member, union and parent link, every interview and file, as before.
    const after = await treeOf(daughter)
    expect(after.members.map((m) => m.memberId).sort()).toEqual(before.members.map((m) => m.memberId).sort())
    expect(after.unions).toEqual(before.unions)
    expect(after.members.find((m) => m.memberId === husband.memberId)).toMatchObject({ spouseMemberIds: [ids.member], mediaAssetIds: [photoId] })
    // Her card stays, as a relative's: it is nobody's "me" now.
    expect(after.members.filter((m) => m.isSelf)).toEqual([])
    const { sessions } = (await call(daughter)({ method: 'GET', url: `/api/interviews?memberId=${ids.member}` })).json()
    expect(sessions.map((s: { id: string; answer: string }) => [s.id, s.answer])).toEqual([[ids.session, 'Cantaba boleros.']])
    const content = await call(daughter)({ method: 'GET', url: `/api/media/${photoId}/content` })
    expect(content.statusCode).toBe(200)
    expect(content.rawPayload).toEqual(picture)
    expect((await call(daughter)({ method: 'GET', url: `/api/media/${ids.media}/content` })).body).toBe('Una carta.')
    expect((await call(daughter)({ method: 'GET', url: `/api/media/${photoId}/thumbnail` })).statusCode).toBe(200)

    // She owns it; the tree is kept by a keeper that holds its files and counts them in its quota.
    const trees = (await call(daughter)({ method: 'GET', url: '/api/trees' })).json().trees
    expect(trees.find((tree: { treeId: string }) => tree.treeId === ids.tree)).toMatchObject({ role: 'owner', isOwn: false })
    const keeper = (await t.db.selectFrom('familyTree').select('ownerUserId').where('id', '=', ids.tree).executeTakeFirstOrThrow()).ownerUserId
    const keeperRow = await t.db.selectFrom('user').select(['name', 'email']).where('id', '=', keeper).executeTakeFirstOrThrow()
    // Named by her card, which the tree keeps: what the tree says she added, and its words about her family, stay hers.
    expect(keeperRow).toEqual({ name: 'Rosa Díaz', email: `${keeper}@keeper.invalid` })
    expect((await sql`select id from account where user_id = ${keeper}`.execute(t.db)).rows).toEqual([])
    expect(await keyedRowsOf(t, keeper)).toMatchObject({ family_tree: 1, media_asset: 2, interview_session: 1, family_union: 1, chat_conversation: 1 })
    const more = await tusClient(t.app, daughter).createWithData(await photo(), { filename: 'nietos.png', linkedToType: 'member', linkedToId: husband.memberId })
    expect(more.statusCode, more.body).toBe(201)
    expect(await t.db.selectFrom('mediaAsset').select('ownerUserId').where('id', '=', String(more.headers['legado-media-id'])).executeTakeFirstOrThrow()).toEqual({
      ownerUserId: keeper,
    })
    // Nobody signs in as the keeper.
    const asKeeper = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: keeperRow.email, password } })
    expect(asKeeper.statusCode).toBe(401)

    // Nothing of hers: no row with her key, no memory, no photo of a memory.
    expect(await keyedRowsOf(t, rosa.id)).toEqual({})
    expect(await t.db.selectFrom('biographyEntry').select('id').where('authorUserId', '=', rosa.id).execute()).toEqual([])
    expect(await t.db.selectFrom('dreamEntry').select('id').where('authorUserId', '=', rosa.id).execute()).toEqual([])
    expect(await t.db.selectFrom('user').select('id').where('id', '=', rosa.id).execute()).toEqual([])
    expect(stored(memoryPhotoKey)).toBe(false)

    // Someone outside still does not learn the tree exists.
    const stranger = await createTestUser(t.app)
    expect((await call(stranger)({ method: 'GET', url: `/api/trees/${ids.tree}/circle` })).statusCode).toBe(404)
    expect((await call(stranger)({ method: 'GET', url: `/api/media/${photoId}/content` })).statusCode).toBe(404)
  })

  it('takes a tree a keeper keeps with its owner’s account, said before, files and all', async () => {
    const { rosa, daughter, ids, photoId } = await handedOver()
    expect((await call(rosa)({ method: 'DELETE', url: '/api/me', payload: { password } })).statusCode).toBe(204)
    const keys = (await t.db.selectFrom('mediaAsset').select('storagePath').where('id', 'in', [photoId, ids.media]).execute()).map((row) => row.storagePath)
    expect(keys.every(stored)).toBe(true)
    const keeper = (await t.db.selectFrom('familyTree').select('ownerUserId').where('id', '=', ids.tree).executeTakeFirstOrThrow()).ownerUserId

    const reach = (await call(daughter)({ method: 'GET', url: '/api/me/reach' })).json()
    expect(reach.heldTrees).toContainEqual({ treeId: ids.tree, treeName: 'Árbol de Rosa Díaz', members: expect.any(Number), otherPeople: 0 })
    expect((await call(daughter)({ method: 'DELETE', url: '/api/me', payload: { password } })).statusCode).toBe(204)
    expect(await t.db.selectFrom('familyTree').select('id').where('id', '=', ids.tree).execute()).toEqual([])
    expect(await keyedRowsOf(t, keeper)).toEqual({})
    expect(keys.some(stored)).toBe(false)
  })

  it('lets the grandmother leave the tree she handed over, which stays with her daughter', async () => {
    const { rosa, daughter, ids, photoId, memoryPhotoId, before } = await handedOver()
    expect((await call(rosa)({ method: 'DELETE', url: `/api/trees/${ids.tree}/people/${rosa.id}` })).statusCode).toBe(204)
    expect((await call(rosa)({ method: 'GET', url: `/api/trees/${ids.tree}/circle` })).statusCode).toBe(404)
    expect((await call(rosa)({ method: 'GET', url: `/api/media/${photoId}` })).statusCode).toBe(404)
    const after = await treeOf(daughter)
    expect(after.members.map((m) => m.memberId).sort()).toEqual(before.members.map((m) => m.memberId).sort())
    expect((await call(daughter)({ method: 'GET', url: `/api/media/${photoId}/content` })).statusCode).toBe(200)
    // Her memories stay hers.
    expect((await call(rosa)({ method: 'GET', url: '/api/biography/entries' })).body).toContain(ids.entry)
    expect((await call(rosa)({ method: 'GET', url: `/api/media/${memoryPhotoId}/content` })).statusCode).toBe(200)
  })
})
