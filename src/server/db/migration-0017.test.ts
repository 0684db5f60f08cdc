import { afterEach, describe, expect, it } from 'vitest'
import { oldDatabase } from '../test/old-database.ts'
import { testDatabases } from '../test/test-app.ts'
import { migrateToLatest } from './migrate.ts'

describe.each(testDatabases)('the conversations migration on %s', (kind) => {
  let cleanup: (() => Promise<void>) | undefined
  afterEach(async () => {
    await cleanup?.()
    cleanup = undefined
  })

  it('gives the exchanges kept before it their questions and their sittings, and leaves a memory written by hand alone', async () => {
    const old = await oldDatabase(kind, '0016-owner-prefix-indexes')
    cleanup = old.cleanup
    const db = old.handle.raw
    const flag = (value: boolean) => (old.handle.dialect === 'postgres' ? value : value ? 1 : 0)
    const at = (hours: number) => new Date(Date.UTC(2026, 0, 2, 9) + hours * 60 * 60 * 1000).toISOString()
    await db
      .insertInto('user')
      .values({ id: 'u1', name: 'Rosa', email: 'rosa@example.com', email_verified: flag(true) })
      .execute()
    await db
      .insertInto('family_tree')
      .values({ id: 't1', owner_user_id: 'u1', tree_name: 'Árbol de Rosa', created_at: at(0), last_modified: at(0) })
      .execute()
    await db
      .insertInto('member')
      .values({ id: 'grandma', tree_id: 't1', owner_user_id: 'u1', first_name: 'Carmen', last_name: 'Díaz', relationship_to_owner: 'Abuela', created_at: at(0), updated_at: at(0) })
      .execute()
    const memory = (id: string, hours: number, turns: object[]) => ({
      id,
      author_user_id: 'u1',
      subject_member_id: null,
      conversation_pair: JSON.stringify(turns),
      title: '',
      event_date: null,
      entry_date: at(hours),
      updated_at: at(hours),
    })
    const said = (user: string, model: string) => [
      { role: 'user', parts: [{ text: user }] },
      { role: 'model', parts: [{ text: model }] },
    ]
    await db
      .insertInto('biography_entry')
      .values([
        memory('b1', 0, said('En Cali.', 'Qué bonito. ¿Quién te crió?')),
        memory('b2', 1, said('Mi abuela Tulia.', 'Gracias. ¿Cómo era tu casa?')),
        memory('b3', 30, said('Tenía un patio.', 'Me lo imagino.')),
        memory('hand', 2, [{ role: 'user', parts: [{ text: 'Escrito a mano.' }] }]),
      ])
      .execute()
    const session = (id: string, hours: number, user: string, model: string) => ({
      id,
      owner_user_id: 'u1',
      interviewed_member_id: 'grandma',
      timestamp: at(hours),
      conversation_pair: JSON.stringify([
        { role: 'user', text: user },
        { role: 'model', text: model },
      ]),
    })
    await db
      .insertInto('interview_session')
      .values([session('s1', 0, 'Cantaba.', '¿Qué cantaba?'), session('s2', 0.5, 'Boleros.', '¿Y bailaba?'), session('s3', 0.75, 'Mucho.', 'Qué alegría.')])
      .execute()

    await migrateToLatest(db, old.schema)

    const entries = await db.selectFrom('biography_entry').select(['id', 'conversation_id', 'question', 'is_skip']).orderBy('entry_date').execute()
    const byId = new Map(entries.map((row) => [row.id as string, row]))
    expect([byId.get('b1')!.question, byId.get('b2')!.question, byId.get('b3')!.question]).toEqual([null, '¿Quién te crió?', '¿Cómo era tu casa?'])
    expect(byId.get('b1')!.conversation_id).toBe(byId.get('b2')!.conversation_id)
    expect(byId.get('b3')!.conversation_id).not.toBe(byId.get('b1')!.conversation_id)
    expect(byId.get('hand')).toMatchObject({ conversation_id: null, question: null })
    expect(entries.every((row) => Number(row.is_skip) === 0)).toBe(true)

    const sessions = await db.selectFrom('interview_session').select(['conversation_id', 'question']).orderBy('timestamp').execute()
    expect(sessions.map((row) => row.question)).toEqual([null, '¿Qué cantaba?', '¿Y bailaba?'])
    expect(new Set(sessions.map((row) => row.conversation_id)).size).toBe(1)
    const conversations = await db.selectFrom('chat_conversation').select(['kind', 'member_id', 'title']).orderBy('kind').execute()
    expect(conversations).toEqual([
      { kind: 'biography', member_id: null, title: '' },
      { kind: 'biography', member_id: null, title: '' },
      { kind: 'interview', member_id: 'grandma', title: '' },
    ])
  })
})
