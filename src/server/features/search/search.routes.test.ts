import { spawn } from 'node:child_process'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchAnswer, SearchResult } from '../../../shared/contracts/search.ts'
import { importThroughApi } from '../gedcom/test/gedcom-api.ts'
import { tusClient } from '../../test/tus-client.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { joinByInvitation } from '../../test/tree-invitations.ts'

// A family's archive searched from the header: accents and endings aside, in the three languages,
// at once after each write, and only what each person may see.

describe.each(testDatabases)('search on %s', (database) => {
  let t: TestApp
  let rosa: TestUser
  let treeId: string
  /** Rosa's own card: linked to no account, as the keeper's own card never is. */
  let rosaCardId: string

  const call = (user: TestUser) => as(t.app, user)
  async function search(user: TestUser, q: string, extra = ''): Promise<SearchAnswer> {
    const response = await call(user)({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const found = (answer: SearchAnswer): SearchResult[] => answer.groups.flatMap((group) => group.results)
  const ids = (answer: SearchAnswer) => found(answer).map((result) => result.id)
  /** The words the answer marks, as the page would show them. */
  const marked = (result: SearchResult) => result.snippet.matches.map(([start, end]) => result.snippet.text.slice(start, end))
  async function post(user: TestUser, url: string, payload: object) {
    const response = await call(user)({ method: 'POST', url, payload })
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json()
  }
  async function joined(role: 'contributor' | 'viewer', fullName: string): Promise<TestUser> {
    const person = await createTestUser(t.app, { name: fullName })
    expect((await call(person)({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName } })).statusCode).toBe(201)
    await joinByInvitation(t.app, { inviter: rosa, invitee: person, treeId, role })
    return person
  }

  beforeAll(async () => {
    t = await createTestApp(database)
    rosa = await createTestUser(t.app, { name: 'Rosa Pérez' })
    rosaCardId = (await post(rosa, '/api/family-tree/own-card', { fullName: 'Rosa Pérez' })).member.memberId
    treeId = (await call(rosa)({ method: 'GET', url: '/api/trees' })).json().trees[0].treeId
  })
  afterAll(() => t.close())

  it('finds accented words from a query without accents or capitals, and marks them as written', async () => {
    const dream = await post(rosa, '/api/dreams', { title: 'La finca', content: 'Soñé con la finca de Pasto y con la abuela Peña.' })
    const answer = await search(rosa, 'PENA pasto')
    expect(answer.groups.map((group) => group.kind)).toEqual(['dream'])
    const [result] = found(answer)
    expect(result).toMatchObject({ kind: 'dream', id: dream.id, path: `/my-dreams#dream-${dream.id}` })
    expect(marked(result!)).toEqual(['Pasto', 'Peña'])
  })

  it('finds other endings of a word in Spanish, English and French', async () => {
    const songs = await post(rosa, '/api/dreams', { content: 'Mi madre cantaba canciones de cuna.' })
    const family = await post(rosa, '/api/dreams', { content: 'A house full of family.' })
    const chansons = await post(rosa, '/api/dreams', { content: 'Grand-mère chantait des chansons anciennes.' })
    expect(ids(await search(rosa, 'canción', '&language=es'))).toEqual([songs.id])
    expect(ids(await search(rosa, 'families', '&language=en'))).toEqual([family.id])
    expect(ids(await search(rosa, 'chanson', '&language=fr'))).toEqual([chansons.id])
    expect(marked(found(await search(rosa, 'cancion'))[0]!)).toEqual(['canciones'])
  })

  it('finds accented words from a query without accents in English and French too', async () => {
    const cafe = await post(rosa, '/api/dreams', { content: 'We met at the Café Rivière, by the fiancée’s house.' })
    const noel = await post(rosa, '/api/dreams', { content: 'Le Noël de ma sœur à Besançon, chez l’élève de Grand-mère.' })
    expect(ids(await search(rosa, 'cafe riviere fiancee', '&language=en'))).toEqual([cafe.id])
    expect(marked(found(await search(rosa, 'CAFE', '&language=en'))[0]!)).toEqual(['Café'])
    expect(ids(await search(rosa, 'noel besancon eleve grand-mere', '&language=fr'))).toEqual([noel.id])
    // French keyboards seldom have «œ»: «soeur» is how most people type «sœur».
    expect(ids(await search(rosa, 'soeur', '&language=fr'))).toEqual([noel.id])
    expect(marked(found(await search(rosa, 'soeur noel', '&language=fr'))[0]!)).toEqual(['Noël', 'sœur'])
  })

  it('finds a memory the moment it is saved, follows its edits and forgets it once deleted', async () => {
    const entry = await post(rosa, '/api/biography/entries', { title: 'El trapiche', content: 'Molíamos caña en el trapiche del tío Aurelio.' })
    expect(found(await search(rosa, 'trapiche aurelio'))).toEqual([expect.objectContaining({ kind: 'memory', id: entry.id, path: `/my-story#memory-${entry.id}` })])
    const edited = await call(rosa)({ method: 'PATCH', url: `/api/biography/entries/${entry.id}`, payload: { answer: 'Molíamos caña con el tío Gerardo.' } })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(ids(await search(rosa, 'aurelio'))).toEqual([])
    expect(ids(await search(rosa, 'gerardo'))).toEqual([entry.id])
    expect((await call(rosa)({ method: 'DELETE', url: `/api/biography/entries/${entry.id}` })).statusCode).toBe(204)
    expect(ids(await search(rosa, 'gerardo'))).toEqual([])
  })

  it('finds what was said in an interview, not the words of its stored form', async () => {
    const carmen = (await post(rosa, '/api/family-tree/members', { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true })).member
    const opened = await call(rosa)({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: carmen.memberId, message: 'Cantaba bambucos en la cocina.' } })
    expect(opened.statusCode, opened.body).toBe(200)
    const answer = await search(rosa, 'bambucos')
    expect(found(answer)).toEqual([expect.objectContaining({ kind: 'interview', path: `/interview/${carmen.memberId}`, personName: 'Carmen Ruiz' })])
    expect(ids(await search(rosa, 'parts role'))).toEqual([])
    // Ana's side of the conversation is found too: the longest word of her reply.
    const [session] = (await call(rosa)({ method: 'GET', url: `/api/interviews?memberId=${carmen.memberId}` })).json().sessions
    const replyWords: string[] = String(session.acknowledgement).match(/\p{L}+/gu) ?? []
    const herWord = replyWords.sort((a, b) => b.length - a.length)[0]
    expect(herWord?.length).toBeGreaterThan(5)
    expect(ids(await search(rosa, herWord!))).toContain(found(answer)[0]!.id)
  })

  it('keeps one person’s private memories and dreams from everyone else', async () => {
    const stranger = await createTestUser(t.app)
    await post(rosa, '/api/biography/entries', { title: 'Secreto', content: 'El escondite del baúl azul.' })
    await post(rosa, '/api/dreams', { content: 'Un baúl azul en el desván.' })
    expect((await search(rosa, 'baul azul')).groups.map((group) => group.total)).toEqual([1, 1])
    expect(await search(stranger, 'baul azul')).toEqual({ query: 'baul azul', groups: [] })
  })

  it('shows a viewer the shared memories and the names of the tree, but no private memory and no living person’s notes', async () => {
    const alive = (await post(rosa, '/api/family-tree/members', { firstName: 'Julián', lastName: 'Mora', relationshipToOwner: 'Primo', notes: 'Vive en Manizales.' })).member
    const gone = (
      await post(rosa, '/api/family-tree/members', { firstName: 'Aurora', lastName: 'Mora', relationshipToOwner: 'Tía', isDeceased: true, notes: 'Vivió en Manizales.' })
    ).member
    const shared = await post(rosa, '/api/biography/entries', { title: 'Manizales', content: 'El cable aéreo de Manizales.' })
    await post(rosa, '/api/biography/entries', { title: 'Manizales privado', content: 'Lo que nadie sabe de Manizales.' })
    expect((await call(rosa)({ method: 'PUT', url: `/api/biography/entries/${shared.id}/share`, payload: { treeId } })).statusCode).toBe(200)
    const viewer = await joined('viewer', 'Ana Mora')
    const answer = await search(viewer, 'manizales')
    expect(answer.groups.map((group) => [group.kind, group.total])).toEqual([
      ['person', 1],
      ['memory', 1],
    ])
    expect(ids(answer)).toEqual([gone.memberId, shared.id])
    expect(found(answer)[1]!.path).toMatch(/^\/story\//)
    // The living cousin is found by name, as the tree shows him to her.
    expect(ids(await search(viewer, 'julian'))).toEqual([alive.memberId])
    const contributor = await joined('contributor', 'Luis Mora')
    expect(ids(await search(contributor, 'manizales', '&kind=person')).sort()).toEqual([alive.memberId, gone.memberId].sort())
  })

  it('finds one’s own AI-lab story, and someone else’s only once it is shared with the tree', async () => {
    const story = await post(rosa, '/api/ai-lab/memories', { originalText: 'El abuelo sembraba maíz en la vereda de Genoy.', saveMethod: 'original' })
    expect(found(await search(rosa, 'genoy maiz'))).toEqual([expect.objectContaining({ kind: 'story', id: story.id, path: '/ai-lab' })])
    const cousin = await joined('contributor', 'Marta Mora')
    expect(await search(cousin, 'genoy')).toEqual({ query: 'genoy', groups: [] })
    const shared = await call(rosa)({ method: 'PUT', url: `/api/ai-lab/memories/${story.id}/share`, payload: { treeId } })
    expect(shared.statusCode, shared.body).toBe(200)
    const answer = await search(cousin, 'genoy')
    // It opens the story page of its author's card: the keeper's own.
    expect(found(answer)).toEqual([
      expect.objectContaining({ kind: 'story', id: story.id, snippet: { text: story.originalText, matches: [[40, 45]] }, path: `/story/${rosaCardId}` }),
    ])
  })

  it('finds the people a GEDCOM file brought, by name and by place, and a file by its caption', async () => {
    const gedcom = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Ignacio /Peñaranda/',
      '1 BIRT',
      '2 DATE 1850',
      '2 PLAC Túquerres, Nariño',
      '0 TRLR',
      '',
    ].join('\n')
    expect((await importThroughApi(t.app, rosa, gedcom)).status).toBe('done')
    const [person] = found(await search(rosa, 'penaranda'))
    expect(person).toMatchObject({ kind: 'person', title: { text: 'Ignacio Peñaranda', matches: [[8, 17]] } })
    expect(person!.path).toBe(`/family-tree?member=${person!.id}`)
    const byPlace = found(await search(rosa, 'tuquerres'))
    expect(byPlace.map((result) => [result.id, result.snippet.text])).toEqual([[person!.id, 'Túquerres, Nariño']])

    const bytes = Buffer.from('Una carta de Ignacio.')
    const tus = tusClient(t.app, rosa)
    const created = await tus.create(bytes.length, { filename: 'carta.txt', linkedToType: 'member', linkedToId: person!.id })
    const mediaId = String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])
    expect(ids(await search(rosa, 'cosecha'))).toEqual([])
    expect((await call(rosa)({ method: 'PATCH', url: `/api/media/${mediaId}`, payload: { caption: 'Carta de la cosecha de 1890' } })).statusCode).toBe(200)
    expect(found(await search(rosa, 'cosecha'))).toEqual([expect.objectContaining({ kind: 'media', id: mediaId, path: `/family-tree?member=${person!.id}` })])
  })

  it('finds whatever starts with each word typed, many words at once, short ones and other alphabets alike', async () => {
    const lucia = await createTestUser(t.app, { name: 'Lucía Mora' })
    const harvest = await post(lucia, '/api/dreams', { title: 'El trapiche', content: 'La cosecha de caña en el trapiche de la finca, con café.' })
    const baskets = await post(lucia, '/api/dreams', { content: 'Cosechamos canastas de maíz.' })
    const greek = await post(lucia, '/api/dreams', { content: 'Volvimos a Θεσσαλονίκη para la cosecha.' })
    // More words starting alike than a search turns into words: the prefix is searched as one.
    const codes = await post(lucia, '/api/dreams', { content: Array.from({ length: 20 }, (_, n) => `zzq${n}`).join(' ') })
    expect(ids(await search(lucia, 'trapiche caña cosecha'))).toEqual([harvest.id])
    expect(ids(await search(lucia, 'cosecha')).sort()).toEqual([harvest.id, baskets.id, greek.id].sort())
    expect(ids(await search(lucia, 'la ca'))).toEqual([harvest.id])
    expect(ids(await search(lucia, 'θεσσαλ cosecha'))).toEqual([greek.id])
    expect(ids(await search(lucia, 'zzq'))).toEqual([codes.id])
    expect(ids(await search(lucia, 'zzq1 cosecha'))).toEqual([])
    expect((await search(lucia, 'xyzzy cosecha')).groups).toEqual([])
    // Imports writing the same new word at once each list it on PostgreSQL: a word listed many
    // times over, read first, must not hide the words after it.
    if (database === 'postgres') {
      await sql`DELETE FROM search_word WHERE word LIKE 'zzq1%'`.execute(t.db)
      await sql`INSERT INTO search_word (word) SELECT 'zzq10' FROM generate_series(1, 20)`.execute(t.db)
      await sql`INSERT INTO search_word (word) SELECT 'zzq1' || n FROM generate_series(1, 9) AS n UNION ALL SELECT 'zzq1'`.execute(t.db)
    }
    const last = await post(lucia, '/api/dreams', { content: 'Soñé con zzq19.' })
    expect(ids(await search(lucia, 'zzq1')).sort()).toEqual([codes.id, last.id].sort())
  })

  it('refuses a query without words in the error model, and answers nobody signed out', async () => {
    const empty = await call(rosa)({ method: 'GET', url: '/api/search?q=%20%20' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toMatchObject({ code: 'validation_failed', details: [{ path: 'q', code: 'search.query_required' }] })
    expect((await call(rosa)({ method: 'GET', url: `/api/search?q=${'a'.repeat(201)}` })).json().error.details).toEqual([{ path: 'q', code: 'validation.too_long' }])
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=pena' })).statusCode).toBe(401)
  })

  it('rebuilds the index to the same answers with npm run search:rebuild', async () => {
    const before = await search(rosa, 'manizales')
    expect(before.groups.length).toBeGreaterThan(0)
    await sql`DELETE FROM search_document`.execute(t.db)
    // PostgreSQL's list of the index's words, which its searches read: the rebuild fills it too,
    // then takes out the words no text holds.
    if (database === 'postgres') {
      await sql`DELETE FROM search_word`.execute(t.db)
      await sql`INSERT INTO search_word (word) VALUES ('zzolvidada')`.execute(t.db)
    }
    expect((await search(rosa, 'manizales')).groups).toEqual([])
    const cli = spawn(process.execPath, ['--import', 'tsx', 'src/server/features/search/search-rebuild-cli.ts'], { env: { PATH: process.env.PATH ?? '', ...t.env } })
    let output = ''
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    expect(await new Promise((resolve) => cli.once('exit', resolve)), output).toBe(0)
    expect(output).toMatch(/holds \d+ texts again/)
    expect(await search(rosa, 'manizales')).toEqual(before)
    if (database === 'postgres') {
      expect(output).toContain('Removed 1 word no text holds from the search word list.')
      const listed = await sql<{ word: string }>`SELECT word FROM search_word WHERE word IN ('zzolvidada', 'manizales')`.execute(t.db)
      expect(listed.rows.map((row) => row.word)).toEqual(['manizales'])
    } else expect(output).not.toContain('word list')
  })
})
