import { Migrator } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { genealogyDateSortKey, parseGenealogyDate } from '../../shared/genealogy-date/index.ts'
import { createFamilyTreeRepository } from '../features/family-tree/family-tree.repository.ts'
import { createFamilyTreeService } from '../features/family-tree/family-tree.service.ts'
import { oldDatabase } from '../test/old-database.ts'
import { testDatabases } from '../test/test-app.ts'
import type { DatabaseHandle } from './database.ts'
import { migrateToLatest } from './migrate.ts'
import { migrations } from './migrations/index.ts'

describe.each(testDatabases)('the genealogy migration on %s', (kind) => {
  let cleanup: (() => Promise<void>) | undefined
  afterEach(async () => {
    await cleanup?.()
    cleanup = undefined
  })

  async function seedOldTree(handle: DatabaseHandle) {
    const db = handle.raw
    const at = '2026-01-02T03:04:05.000Z'
    const flag = (value: boolean) => (handle.dialect === 'postgres' ? value : value ? 1 : 0)
    await db
      .insertInto('user')
      .values({ id: 'u1', name: 'Rosa', email: 'rosa@example.com', email_verified: flag(true), preferred_language: 'es' })
      .execute()
    await db.insertInto('family_tree').values({ id: 't1', owner_user_id: 'u1', tree_name: 'Árbol de Rosa', created_at: at, last_modified: at }).execute()
    const member = (id: string, first: string, extra: object = {}) => ({
      // One multi-row insert takes the same columns for every row: the defaults are spelled out.
      id,
      tree_id: 't1',
      owner_user_id: 'u1',
      first_name: first,
      last_name: 'Díaz',
      relationship_to_owner: 'Abuela',
      birth_date: null,
      death_date: null,
      is_deceased: flag(false),
      is_self: flag(false),
      gender: '',
      bio_summary: '',
      key_life_events: '[]',
      created_at: at,
      updated_at: at,
      ...extra,
    })
    await db
      .insertInto('member')
      .values([
        member('grandma', 'Carmen', { birth_date: '1920-02-29', death_date: '1999-12-31', is_deceased: flag(true), bio_summary: 'Maestra', key_life_events: '["Boda"]' }),
        member('grandpa', 'Luis', { relationship_to_owner: 'Abuelo' }),
        member('me', 'Rosa', { relationship_to_owner: 'Yo mismo/a', is_self: flag(true), birth_date: '1970-05-06' }),
      ])
      .execute()
    await db
      .insertInto('member_parent')
      .values([
        { child_id: 'me', parent_id: 'grandma', owner_user_id: 'u1' },
        { child_id: 'me', parent_id: 'grandpa', owner_user_id: 'u1' },
      ])
      .execute()
    await db
      .insertInto('member_spouse')
      .values([
        { member_id: 'grandma', spouse_id: 'grandpa', owner_user_id: 'u1' },
        { member_id: 'grandpa', spouse_id: 'grandma', owner_user_id: 'u1' },
      ])
      .execute()
  }

  it('keeps every member as it was, adds sort keys, and turns each couple into one union', async () => {
    const old = await oldDatabase(kind, '0007-ai-lab')
    cleanup = old.cleanup
    await seedOldTree(old.handle)
    expect(await migrateToLatest(old.handle.raw, old.schema)).toContain('0008-genealogy')

    const service = createFamilyTreeService({
      repo: createFamilyTreeRepository(old.handle.db),
      getOwner: async () => ({ displayName: 'Rosa', email: 'rosa@example.com', preferredLanguage: 'es' }),
    })
    const { members, unions, tree } = await service.getTree('u1')
    expect(tree).toMatchObject({ treeName: 'Árbol de Rosa', lastModified: '2026-01-02T03:04:05.000Z' })
    const byId = new Map(members.map((m) => [m.memberId, m]))
    expect(byId.get('grandma')).toMatchObject({
      firstName: 'Carmen',
      lastName: 'Díaz',
      relationshipToOwner: 'Abuela',
      birthDate: '1920-02-29',
      deathDate: '1999-12-31',
      isDeceased: true,
      bioSummary: 'Maestra',
      keyLifeEvents: ['Boda'],
      birthDateSortKey: genealogyDateSortKey(parseGenealogyDate('1920-02-29')!),
      deathDateSortKey: genealogyDateSortKey(parseGenealogyDate('1999-12-31')!),
      birthPlace: '',
      deathPlace: '',
      notes: '',
      sourceId: null,
      spouseMemberIds: ['grandpa'],
      childrenMemberIds: ['me'],
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
    })
    expect(byId.get('grandpa')).toMatchObject({ spouseMemberIds: ['grandma'], birthDate: null, birthDateSortKey: null, childrenMemberIds: ['me'] })
    expect(byId.get('me')).toMatchObject({ isSelf: true, birthDate: '1970-05-06', spouseMemberIds: [] })
    expect(
      byId
        .get('me')!
        .parentLinks.map((l) => [l.parentId, l.kind, l.unionId])
        .sort(),
    ).toEqual([
      ['grandma', 'birth', null],
      ['grandpa', 'birth', null],
    ])
    expect(unions).toHaveLength(1)
    expect([unions[0]!.firstPartnerId, unions[0]!.secondPartnerId].sort()).toEqual(['grandma', 'grandpa'])
    expect(unions[0]).toMatchObject({ marriageDate: null, marriagePlace: '', sourceId: null })

    // The old tree goes on working with the form: a new spouse link and a date as written.
    const changed = await service.updateMember('u1', 'grandpa', { birthDate: 'hacia 1918', birthPlace: 'Pasto' })
    expect(changed).toMatchObject({ birthDate: 'ABT 1918', birthPlace: 'Pasto', spouseMemberIds: ['grandma'] })
  })

  it('goes back down to spouse rows in both directions', async () => {
    const old = await oldDatabase(kind, '0007-ai-lab')
    cleanup = old.cleanup
    await seedOldTree(old.handle)
    await migrateToLatest(old.handle.raw, old.schema)
    const migrator = new Migrator({ db: old.handle.raw, provider: { getMigrations: async () => migrations }, ...(old.schema ? { migrationTableSchema: old.schema } : {}) })
    const { error } = await migrator.migrateTo('0007-ai-lab')
    expect(error).toBeUndefined()
    const spouses = await old.handle.raw.selectFrom('member_spouse').select(['member_id', 'spouse_id']).orderBy('member_id').execute()
    expect(spouses).toEqual([
      { member_id: 'grandma', spouse_id: 'grandpa' },
      { member_id: 'grandpa', spouse_id: 'grandma' },
    ])
    const member = await old.handle.raw.selectFrom('member').selectAll().where('id', '=', 'grandma').executeTakeFirstOrThrow()
    expect(member.birth_date).toBe('1920-02-29')
    expect(member).not.toHaveProperty('birth_place')
  })
})
