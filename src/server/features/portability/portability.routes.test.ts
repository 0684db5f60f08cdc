import { createHash, randomUUID } from 'node:crypto'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { limits } from '../../../shared/limits.ts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webmHeader } from '../../test/media-fixtures.ts'
import { multipartFile } from '../../test/multipart.ts'
import { seedOwnerData, type OwnerIds } from '../../test/owner-data.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
type Json = Record<string, unknown> & { id: string }

describe.each(testDatabases)('exporting everything and importing it into another account, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let ids: OwnerIds
  let archive: Buffer

  const read = async (user: TestUser, url: string) => {
    const response = await as(t.app, user)({ method: 'GET', url })
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
    return response.json()
  }
  const exportOf = async (user: TestUser) => {
    const response = await as(t.app, user)({ method: 'GET', url: '/api/me/export' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="legado-\d{4}-\d{2}-\d{2}\.zip"$/)
    return response.rawPayload
  }
  const importInto = (user: TestUser, bytes: Uint8Array) => as(t.app, user)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', bytes) })

  /** Everything a person sees of their own, by what it says rather than by its ids. */
  async function everythingOf(user: TestUser) {
    const tree = (await read(user, '/api/family-tree')).members as Json[]
    const nameOf = new Map(tree.map((member) => [member.memberId as string, `${member.firstName as string} ${member.lastName as string}`]))
    const names = (list: unknown) => (list as string[]).map((id) => nameOf.get(id)).sort()
    const members = tree.map((member) => ({
      name: nameOf.get(member.memberId as string),
      relationshipToOwner: member.relationshipToOwner,
      isSelf: member.isSelf,
      parents: names(member.parentMemberIds),
      spouses: names(member.spouseMemberIds),
      children: names(member.childrenMemberIds),
      interviews: (member.interviewSegments as string[]).length,
      media: (member.mediaAssetIds as string[]).length,
    }))
    const dreams = (await read(user, '/api/dreams')).dreams as Json[]
    const readings = await Promise.all(
      dreams.map(async (dream) =>
        (await read(user, `/api/ai-lab/dream-readings?dreamId=${dream.id}`)).readings.map(({ text, language, createdAt }: Json) => ({ text, language, createdAt })),
      ),
    )
    const conversationOf = (conversation: unknown) => conversation && { title: (conversation as Json).title, startedAt: (conversation as Json).startedAt }
    const entries = ((await read(user, '/api/biography/entries')).entries as Json[]).map(
      ({ question, answer, originalAnswer, acknowledgement, conversation, title, eventDate, entryDate, subjectMemberId, mediaAssetIds }) => ({
        question,
        answer,
        originalAnswer,
        acknowledgement,
        conversation: conversationOf(conversation),
        title,
        eventDate,
        entryDate,
        subject: nameOf.get(subjectMemberId as string),
        media: (mediaAssetIds as string[]).length,
      }),
    )
    const sessions = []
    const files = []
    for (const member of tree) {
      for (const session of (await read(user, `/api/interviews?memberId=${member.memberId as string}`)).sessions as Json[]) {
        sessions.push({
          member: nameOf.get(member.memberId as string),
          question: session.question,
          answer: session.answer,
          originalAnswer: session.originalAnswer,
          acknowledgement: session.acknowledgement,
          conversation: conversationOf(session.conversation),
          timestamp: session.timestamp,
          recordings: (session.mediaAssetIds as string[]).length,
        })
      }
      for (const asset of (await read(user, `/api/media?memberId=${member.memberId as string}`)).media as Json[]) {
        const content = await as(t.app, user)({ method: 'GET', url: `/api/media/${asset.id}/content` })
        files.push({
          member: nameOf.get(member.memberId as string),
          fileName: asset.fileName,
          caption: asset.caption,
          contentType: asset.contentType,
          size: asset.size,
          sha256: asset.sha256,
          bytes: sha256(content.rawPayload),
        })
      }
    }
    for (const entry of (await read(user, '/api/biography/entries')).entries as Json[]) {
      for (const asset of (await read(user, `/api/media?entryId=${entry.id}`)).media as Json[]) {
        const content = await as(t.app, user)({ method: 'GET', url: `/api/media/${asset.id}/content` })
        files.push({
          entry: entry.title,
          fileName: asset.fileName,
          caption: asset.caption,
          contentType: asset.contentType,
          size: asset.size,
          sha256: asset.sha256,
          bytes: sha256(content.rawPayload),
        })
      }
    }
    const memories = ((await read(user, '/api/ai-lab/memories')).memories as Json[]).map(({ originalText, aiVariationText, saveMethod, timestamp }) => ({
      originalText,
      aiVariationText,
      saveMethod,
      timestamp,
    }))
    return {
      members,
      dreams: dreams.map(({ title, content, dreamDate, entryDate, updatedAt }) => ({ title, content, dreamDate, entryDate, updatedAt })),
      readings,
      entries,
      sessions,
      files,
      memories,
    }
  }

  beforeAll(async () => {
    t = await createTestApp(database, { IMPORT_MAX_BYTES: '2000000' })
    owner = await createTestUser(t.app, { birthDate: '1950-04-02', familyRelation: 'Abuela' })
    ids = await seedOwnerData(t.app, owner)
    const post = async (url: string, payload: object) => (await as(t.app, owner)({ method: 'POST', url, payload })).json()
    await post('/api/family-tree/members', { firstName: 'Pedro', lastName: 'Ruiz', relationshipToOwner: 'Abuelo', spouseMemberIds: [ids.member] })
    await post('/api/family-tree/members', { firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Padre', parentMemberIds: [ids.member], birthDate: '1948-11-30' })
    await post('/api/dreams', { title: 'El mar', content: 'Nadaba con mi abuela 🌊', dreamDate: '2024-02-29' })
    const tus = tusClient(t.app, owner)
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer()
    expect((await tus.createWithData(photo, { filename: 'la finca.jpg', caption: 'Verano', linkedToType: 'biographyEntry', linkedToId: ids.entry })).statusCode).toBe(201)
    expect((await tus.createWithData(webmHeader(), { filename: 'voz.webm', filetype: 'audio/webm', linkedToType: 'interviewSession', linkedToId: ids.session })).statusCode).toBe(
      201,
    )
    // The guided mode cannot read dreams; a reading a model once wrote is kept like any other row.
    await t.db
      .insertInto('dreamReading')
      .values({ id: randomUUID(), ownerUserId: owner.id, dreamId: ids.dream, text: 'Un sueño de vuelo y libertad.', language: 'es', createdAt: new Date().toISOString() })
      .execute()
    archive = await exportOf(owner)
  })
  afterAll(() => t.close())

  it('writes a manifest, one JSON file per kind and every file’s bytes', async () => {
    const files = unzipSync(archive)
    const manifest = JSON.parse(strFromU8(files['manifest.json']!))
    expect(manifest).toMatchObject({
      format: 'legado-export',
      schemaVersion: 4,
      application: 'Legado',
      extensions: [{ path: 'family-tree.ged' }, { path: 'contributions.json' }, { path: 'historia.html' }, { path: 'historia-carmen-ruiz.html' }],
    })
    expect(strFromU8(files['family-tree.ged']!)).toContain('2 VERS 7.0')
    expect(manifest.counts).toEqual({
      familyTreeMembers: 4,
      gedcomKept: 0,
      dreams: 2,
      dreamReadings: 1,
      biographyEntries: 2,
      interviewSessions: 1,
      heardFacts: 1,
      aiLabMemories: 1,
      media: 3,
    })
    for (const name of [
      'account.json',
      'family-tree.json',
      'gedcom-kept.json',
      'dreams.json',
      'dream-readings.json',
      'biography-entries.json',
      'interview-sessions.json',
      'heard-facts.json',
      'ai-lab-memories.json',
      'media.json',
    ])
      expect(files[name], name).toBeDefined()
    expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email: owner.email, birthDate: '1950-04-02', familyRelation: 'Abuela' })
    const media = JSON.parse(strFromU8(files['media.json']!)) as { id: string; path: string; sha256: string }[]
    for (const asset of media) {
      const content = await as(t.app, owner)({ method: 'GET', url: `/api/media/${asset.id}/content` })
      expect(sha256(files[asset.path]!)).toBe(asset.sha256)
      expect(Buffer.from(files[asset.path]!).equals(content.rawPayload)).toBe(true)
    }
    expect(
      Object.keys(files)
        .filter((name) => name.startsWith('media/'))
        .sort(),
    ).toEqual(media.map((asset) => asset.path).sort())
  })

  it('restores everything into a fresh account under new ids, every file byte for byte', async () => {
    const heir = await createTestUser(t.app)
    const imported = await importInto(heir, archive)
    expect(imported.statusCode, imported.body).toBe(200)
    const report = imported.json()
    // The tree as GEDCOM is for genealogy programs and the story's pages for people: the import
    // restores from the JSON files.
    expect(report.ignoredEntries).toEqual(['family-tree.ged', 'contributions.json', 'historia.html', 'historia-carmen-ruiz.html'])
    for (const kind of report.kinds) {
      expect(kind.skipped, kind.kind).toEqual([])
      expect(kind.restored, kind.kind).toBe(kind.found)
    }
    expect(report.kinds.map((kind: { kind: string; restored: number }) => [kind.kind, kind.restored])).toEqual([
      ['account', 1],
      ['familyTree', 4],
      ['gedcomKept', 0],
      ['dreams', 2],
      ['dreamReadings', 1],
      ['biographyEntries', 2],
      ['interviewSessions', 1],
      ['heardFacts', 1],
      ['aiLabMemories', 1],
      ['media', 3],
    ])

    const original = await everythingOf(owner)
    expect(await everythingOf(heir)).toEqual(original)
    // The letter and the recording (the grandmother's), the photo (the memory's).
    expect(original.files.map((file) => file.fileName).sort()).toEqual(['carta.txt', 'la finca.jpg', 'voz.webm'])
    // Nothing keeps an old id: the heir's things are theirs alone.
    const idsIn = (zip: Uint8Array) => {
      const files = unzipSync(zip)
      const list = (name: string) => JSON.parse(strFromU8(files[name]!)) as Json[]
      return [
        ...list('dreams.json'),
        ...list('dream-readings.json'),
        ...list('biography-entries.json'),
        ...list('interview-sessions.json'),
        ...list('heard-facts.json'),
        ...list('ai-lab-memories.json'),
        ...list('media.json'),
      ]
        .map((item) => item.id)
        .concat((JSON.parse(strFromU8(files['family-tree.json']!)).members as Json[]).map((member) => member.memberId as string))
    }
    const [before, after] = [idsIn(archive), idsIn(await exportOf(heir))]
    expect(after).toHaveLength(before.length)
    expect(after.filter((id) => before.includes(id))).toEqual([])
    expect((await read(heir, '/api/me')).familyRelation).toBe('Abuela')
  })

  it('never shows one person’s export to another, and leaves the owner’s data as it was', async () => {
    const stranger = await createTestUser(t.app)
    const theirs = JSON.parse(strFromU8(unzipSync(await exportOf(stranger))['manifest.json']!))
    expect(Object.values(theirs.counts).every((count) => count === 0)).toBe(true)
    const before = await everythingOf(owner)
    await importInto(stranger, archive)
    expect(await everythingOf(owner)).toEqual(before)
  })

  it('adds to an account that has things of its own, and reports a member the tree’s rules refuse', async () => {
    const heir = await createTestUser(t.app)
    // Her own card holds more than a name (sign-up's alone would give way to the archive's self).
    await as(t.app, heir)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Lucía', lastName: 'Ruiz', isSelf: true, birthPlace: 'Pasto' } })
    await as(t.app, heir)({ method: 'POST', url: '/api/dreams', payload: { content: 'Mi propio sueño' } })
    const imported = await importInto(heir, archive)
    expect(imported.statusCode, imported.body).toBe(200)
    const tree = imported.json().kinds.find((kind: { kind: string }) => kind.kind === 'familyTree')
    // Rosa says "this is me" in the archive; Lucía already is, and a tree has one.
    expect(tree).toMatchObject({ found: 4, restored: 3, skipped: [{ reason: 'rejected_by_rules', detail: expect.stringContaining('member.self_exists') }] })
    const dreams = (await read(heir, '/api/dreams')).dreams.map((dream: Json) => dream.content).sort()
    expect(dreams).toEqual(['Mi propio sueño', 'Nadaba con mi abuela 🌊', 'Volaba'])
    // Her memory keeps its words; its subject was the member that did not come back.
    expect((await read(heir, '/api/biography/entries')).entries).toMatchObject([
      { subjectMemberId: null, answer: 'Nací en Cali.', originalAnswer: 'Naci en Cali.', question: expect.stringMatching(/\?$/), conversation: { title: '' } },
      { subjectMemberId: null, answer: 'La finca', conversation: null },
    ])
  })

  it('restores what it can and reports each thing it skipped, with why', async () => {
    const files = unzipSync(archive)
    const edit = (name: string, change: (value: Json[]) => Json[]) => {
      files[name] = strToU8(JSON.stringify(change(JSON.parse(strFromU8(files[name]!)))))
    }
    edit('dreams.json', (dreams) => [
      ...dreams,
      { id: 'vacío', title: '', content: '   ', dreamDate: null, entryDate: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' },
    ])
    edit('interview-sessions.json', (sessions) => [...sessions, { ...sessions[0]!, id: 'huérfana', interviewedMemberId: 'nadie' }])
    edit('media.json', (media) => media.map((asset, index) => (index === 0 ? { ...asset, sha256: '0'.repeat(64) } : asset)))
    files['notas/extra.txt'] = strToU8('otra cosa')
    const heir = await createTestUser(t.app)
    const imported = await importInto(heir, zipSync(files))
    expect(imported.statusCode, imported.body).toBe(200)
    const kinds = Object.fromEntries(imported.json().kinds.map((kind: { kind: string }) => [kind.kind, kind]))
    expect(kinds.dreams).toMatchObject({ found: 3, restored: 2, skipped: [{ id: 'vacío', reason: 'invalid', detail: 'content' }] })
    expect(kinds.interviewSessions).toMatchObject({ found: 2, restored: 1, skipped: [{ id: 'huérfana', reason: 'missing_reference' }] })
    expect(kinds.media.restored).toBe(2)
    expect(kinds.media.skipped).toEqual([{ id: expect.any(String), reason: 'file_damaged' }])
    expect(imported.json().ignoredEntries.sort()).toEqual(['contributions.json', 'family-tree.ged', 'historia-carmen-ruiz.html', 'historia.html', 'notas/extra.txt'])
  })
})

/** Rewrites the sizes a zip declares for `name`, in its directory and its local header. */
function declareSize(zip: Uint8Array, name: string, size: number): Buffer {
  const bytes = Buffer.from(zip)
  for (let at = 0; at < bytes.length - 4; at += 1) {
    const signature = bytes.readUInt32LE(at)
    if (signature === 0x02014b50 && bytes.subarray(at + 46, at + 46 + bytes.readUInt16LE(at + 28)).toString() === name) bytes.writeUInt32LE(size, at + 24)
    if (signature === 0x04034b50 && bytes.subarray(at + 30, at + 30 + bytes.readUInt16LE(at + 26)).toString() === name) bytes.writeUInt32LE(size, at + 22)
  }
  return bytes
}

describe.each(testDatabases)('hostile archives given to import, on %s', (database) => {
  let t: TestApp
  let user: TestUser
  const manifest = (schemaVersion = 1) =>
    strToU8(JSON.stringify({ format: 'legado-export', schemaVersion, exportedAt: new Date().toISOString(), application: 'Legado', counts: {} }))
  const dream = strToU8(JSON.stringify([{ id: 'd1', title: '', content: 'Volaba', dreamDate: null, entryDate: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' }]))
  const importing = (bytes: Uint8Array, fileName = 'legado.zip') => as(t.app, user)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', fileName, bytes) })
  const refusal = async (bytes: Uint8Array) => {
    const response = await importing(bytes)
    return { status: response.statusCode, code: response.json().error?.code as string }
  }

  beforeAll(async () => {
    t = await createTestApp(database, { IMPORT_MAX_BYTES: '2000000', MAX_AV_UPLOAD_BYTES: String(5 * 1024 * 1024) })
    user = await createTestUser(t.app)
  })
  afterAll(() => t.close())

  it('refuses names that climb out of the archive, and writes nothing', async () => {
    for (const name of ['../../evil.json', '/etc/passwd', 'media/..\\..\\x', 'C:/Windows/x', 'media/./x']) {
      expect(await refusal(zipSync({ 'manifest.json': manifest(), 'dreams.json': dream, [name]: strToU8('x') })), name).toEqual({ status: 422, code: 'portability.unsafe_archive' })
    }
    expect((await as(t.app, user)({ method: 'GET', url: '/api/dreams' })).json().dreams).toEqual([])
  })

  it('refuses a zip bomb: a kind’s file that unpacks to more than it declares, or far more than its packed size, or declared sizes past the limit', async () => {
    const spaces = new Uint8Array(20 * 1024 * 1024).fill(32)
    const lying = zipSync({ 'manifest.json': manifest(), 'dreams.json': strToU8(JSON.stringify([...JSON.parse(strFromU8(dream)), { id: 'd2', content: 'x'.repeat(3000) }])) })
    expect(await refusal(declareSize(lying, 'dreams.json', 1000))).toEqual({ status: 422, code: 'portability.unsafe_archive' })
    const bomb = zipSync({ 'manifest.json': manifest(), 'dreams.json': dream, 'biography-entries.json': spaces })
    expect(bomb.length).toBeLessThan(100_000)
    expect(await refusal(bomb)).toEqual({ status: 422, code: 'portability.unsafe_archive' })
    const declaredHuge = declareSize(declareSize(bomb, 'biography-entries.json', 0xf0000000), 'dreams.json', 0xf0000000)
    expect(await refusal(declaredHuge)).toEqual({ status: 413, code: 'payload_too_large' })
    expect((await as(t.app, user)({ method: 'GET', url: '/api/dreams' })).json().dreams).toEqual([])
  })

  it('never unpacks an entry it does not use, nor a file larger than an upload may be: the rest is restored and the report says why', async () => {
    const media = strToU8(
      JSON.stringify([
        {
          id: 'm1',
          path: 'media/m1/película.mp4',
          fileName: 'película.mp4',
          caption: '',
          contentType: 'video/mp4',
          size: 6 * 1024 * 1024,
          sha256: 'a'.repeat(64),
          uploadedAt: '2024-01-01T00:00:00.000Z',
          linkedToType: null,
          linkedToId: null,
          links: { memberIds: [], biographyEntryIds: [], interviewSessionIds: [] },
        },
      ]),
    )
    // Both lie about their size and checksum: unpacking either would refuse the whole archive.
    const archive = zipSync({
      'manifest.json': manifest(),
      'dreams.json': dream,
      'media.json': media,
      'media/m1/película.mp4': new Uint8Array(6 * 1024 * 1024).fill(1),
      'notas/huge.bin': new Uint8Array(1024),
    })
    const hostile = declareSize(declareSize(archive, 'notas/huge.bin', 0xf0000000 - 7 * 1024 * 1024), 'media/m1/película.mp4', 6 * 1024 * 1024 + 3)
    const someone = await createTestUser(t.app)
    const response = await as(t.app, someone)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', hostile) })
    expect(response.statusCode, response.body).toBe(200)
    const report = response.json()
    expect(report.kinds.find((kind: { kind: string }) => kind.kind === 'dreams')).toMatchObject({ found: 1, restored: 1 })
    expect(report.kinds.find((kind: { kind: string }) => kind.kind === 'media')).toMatchObject({ found: 1, restored: 0, skipped: [{ id: 'm1', reason: 'too_large' }] })
    expect(report.ignoredEntries).toEqual(['notas/huge.bin'])
  })

  it('refuses an unknown schema version, a zip that is not an export, and a file that is not a zip', async () => {
    for (const version of [0, 5, 1.5]) {
      expect(await refusal(zipSync({ 'manifest.json': manifest(version), 'dreams.json': dream })), `version ${version}`).toEqual({
        status: 422,
        code: 'portability.unsupported_version',
      })
    }
    expect(await refusal(zipSync({ 'dreams.json': dream }))).toEqual({ status: 422, code: 'portability.not_an_export' })
    expect(await refusal(zipSync({ 'manifest.json': strToU8('{"format": "otra-cosa"}') }))).toEqual({ status: 422, code: 'portability.not_an_export' })
    expect(await refusal(strToU8('Esto no es un zip, es una carta.'))).toEqual({ status: 422, code: 'portability.not_an_export' })
  })

  it('refuses an archive with more rows of one kind than an account may keep (413), and writes nothing', async () => {
    // Random numbers: rows that do not compress past what the archive guard lets through.
    const rows = Array.from({ length: limits.importRowsPerKind + 1 }, () => Math.floor(Math.random() * 1_000_000))
    const archive = zipSync({ 'manifest.json': manifest(), 'account.json': strToU8(JSON.stringify({ displayName: 'Otra' })), 'dreams.json': strToU8(JSON.stringify(rows)) })
    expect(await refusal(archive)).toEqual({ status: 413, code: 'portability.too_many_rows' })
    expect((await as(t.app, user)({ method: 'GET', url: '/api/dreams' })).json()).toMatchObject({ dreams: [] })
  })

  it('refuses an archive over the size limit, a request without the file, and a JSON body', async () => {
    expect(await refusal(new Uint8Array(2_100_000))).toEqual({ status: 413, code: 'payload_too_large' })
    expect((await importing(new Uint8Array(2_100_000))).json().error.maxBytes).toBe(2_000_000)
    const wrongField = await as(t.app, user)({ method: 'POST', url: '/api/me/import', ...multipartFile('otro', 'legado.zip', zipSync({ 'manifest.json': manifest() })) })
    expect(wrongField.statusCode).toBe(400)
    expect(wrongField.json().error.details).toEqual([{ path: 'file', code: 'media.no_file' }])
    const json = await as(t.app, user)({ method: 'POST', url: '/api/me/import', payload: { file: 'x' } })
    expect(json.statusCode).toBe(415)
    expect((await as(t.app, user)({ method: 'GET', url: '/api/dreams' })).json().dreams).toEqual([])
  })

  it('lets each person export and import 30 times an hour, then asks them to wait', async () => {
    const busy = await createTestUser(t.app)
    for (let count = 0; count < 30; count += 1) expect((await as(t.app, busy)({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(200)
    const refused = await as(t.app, busy)({ method: 'GET', url: '/api/me/export' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('rate_limited')
    expect(refused.headers['retry-after']).toBeDefined()
    // Another person is not held back by it.
    expect((await as(t.app, user)({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(200)
  })

  it('imports a well-formed archive written by another program', async () => {
    const response = await importing(zipSync({ 'manifest.json': manifest(), 'dreams.json': dream }))
    expect(response.statusCode, response.body).toBe(200)
    expect((await as(t.app, user)({ method: 'GET', url: '/api/dreams' })).json().dreams).toMatchObject([{ content: 'Volaba', entryDate: '2024-01-01T00:00:00.000Z' }])
  })
})

describe('an import into an account with little room left', () => {
  it('restores files while the quota has room and leaves the rest packed, each reported', async () => {
    const t = await createTestApp('sqlite', { STORAGE_QUOTA_BYTES: '10000' })
    try {
      const user = await createTestUser(t.app)
      const asset = (id: string, bytes: Uint8Array) => ({
        id,
        path: `media/${id}/nota.txt`,
        fileName: 'nota.txt',
        caption: '',
        contentType: 'text/plain',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedAt: '2024-01-01T00:00:00.000Z',
        linkedToType: null,
        linkedToId: null,
        links: { memberIds: [], biographyEntryIds: [], interviewSessionIds: [] },
      })
      const [first, second] = [strToU8('Querida Rosa:\n'.repeat(400)), strToU8('Querido Luis:\n'.repeat(400))]
      const manifest = strToU8(JSON.stringify({ format: 'legado-export', schemaVersion: 1, exportedAt: new Date().toISOString(), application: 'Legado', counts: {} }))
      const zip = zipSync({
        'manifest.json': manifest,
        'media.json': strToU8(JSON.stringify([asset('m1', first), asset('m2', second)])),
        'media/m1/nota.txt': first,
        'media/m2/nota.txt': second,
      })
      // The second file's checksum is wrong: were it unpacked, the whole archive would be refused.
      const bytes = Buffer.from(zip)
      const name = Buffer.from('media/m2/nota.txt')
      for (let at = bytes.indexOf(name); at >= 0; at = bytes.indexOf(name, at + 1)) {
        const isCentral = bytes.readUInt32LE(at - 46) === 0x02014b50
        bytes.writeUInt32LE(1, isCentral ? at - 46 + 16 : at - 30 + 14)
      }
      const response = await as(t.app, user)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', bytes) })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().kinds.find((kind: { kind: string }) => kind.kind === 'media')).toMatchObject({
        found: 2,
        restored: 1,
        skipped: [{ id: 'm2', reason: 'quota_exceeded' }],
      })
    } finally {
      await t.close()
    }
  })
})
