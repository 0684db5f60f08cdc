import { strFromU8, unzipSync } from 'fflate'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FactProposal, FactSource } from '../../../shared/contracts/facts.ts'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import type { Language } from '../../../shared/limits.ts'
import { gedcom7Errors } from '../../lib/gedcom/test/validate-gedcom7.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { familyOf } from '../family-tree/test/family-api.ts'
import { citationsOf, inOrder as sorted } from './test/citations.ts'
import { exportThroughApi, importThroughApi } from './test/gedcom-api.ts'
import { hasGramps, noticeMissingGramps, throughGramps } from './test/gramps.ts'
import { loadConfig } from '../../config.ts'
import { createObjectStorage } from '../../integrations/storage/create-storage.ts'
import { createInProcessQueue } from '../../lib/jobs/job-queue.ts'
import { createJobRepository } from '../../lib/jobs/job.repository.ts'
import { createJobRunner } from '../../lib/jobs/job-runner.ts'
import { createFamilyTreeRepository } from '../family-tree/family-tree.repository.ts'
import { createFamilyTreeService } from '../family-tree/family-tree.service.ts'
import { createMediaRepository } from '../media/media.repository.ts'
import { createMediaService } from '../media/media.service.ts'
import { createGedcomJobRepository } from './gedcom.repository.ts'
import { createGedcomKeptRepository } from './gedcom.kept.repository.ts'
import { createGedcomService } from './gedcom.service.ts'

// The facts people accepted from what they told Ana or Cronos are cited in every export (7.0,
// 5.5.1, GEDZIP): each interview or memory a source, each fact a citation under its own structure
// with the question, the day, the words and the recording; what the tree no longer holds is not
// cited. The citations come back from an import into another account, as any program's do. The
// facts are hand-made proposals given through the port the facts feature fills.

noticeMissingGramps()

/**
 * A GEDCOM service on the test app's database and file storage, wired as app.ts wires it, whose
 * cited facts are the ones given (the facts feature's port) and whose people speak the languages
 * given, by account.
 */
function citingService(t: TestApp, facts: () => FactProposal[], languages: Record<string, Language> = {}) {
  const config = loadConfig(t.env)
  const { storage } = createObjectStorage(config.storage)
  const media = createMediaService({
    repo: createMediaRepository(t.db),
    storage,
    uploadLimits: { fileBytes: config.maxUploadBytes, audioVideoBytes: config.maxAvUploadBytes },
    quotaBytes: config.storageQuotaBytes,
    uploadExpiryMs: config.uploadExpiryMs,
    // Only reading here: nothing is uploaded through this service.
    linkTargets: { member: async () => undefined, biographyEntry: async () => undefined, interviewSession: async () => undefined },
  })
  const familyTree = createFamilyTreeService({
    repo: createFamilyTreeRepository(t.db),
    getOwner: async () => ({ displayName: 'Rosa', email: 'rosa@example.com', preferredLanguage: 'es' }),
    // Each member's files, as the export names them.
    relatedIds: async (ownerId, memberIds) => ({ interviewSegments: new Map(), mediaAssetIds: await media.mediaIdsFor(ownerId, 'member', memberIds) }),
  })
  const runner = createJobRunner({
    repo: createJobRepository(t.db),
    queue: createInProcessQueue({ concurrency: 1 }),
    storage,
    workDir: path.join(t.dataDir, 'citing-jobs'),
    recoverAtStart: false,
    log: { warn: () => undefined, error: () => undefined },
  })
  return createGedcomService({
    familyTree,
    jobs: createGedcomJobRepository(t.db),
    runner,
    kept: createGedcomKeptRepository(t.db),
    describeMedia: async (ownerId, mediaIds) => {
      const assets = await Promise.all(mediaIds.map((id) => media.getMedia(ownerId, id).catch(() => undefined)))
      return new Map(
        assets.flatMap((asset) =>
          asset
            ? [[asset.id, { id: asset.id, fileName: asset.fileName, file: asset.storagePath, contentType: asset.contentType, title: asset.caption || asset.fileName }] as const]
            : [],
        ),
      )
    },
    openMedia: (ownerId, mediaId) => media.openContent(ownerId, mediaId),
    citedFacts: async () => facts(),
    languageOf: async (userId) => languages[userId] ?? null,
  })
}

/** A small WAV file (its header alone), as a recording of an answer. */
function recordingBytes(): Buffer {
  const wav = Buffer.alloc(44)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(8000, 24)
  wav.writeUInt32LE(16000, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  return wav
}

describe.each(testDatabases)('facts heard in conversations, cited in GEDCOM exports, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  async function upload(user: TestUser, fileName: string, linkedToType: string, linkedToId: string): Promise<string> {
    const response = await tusClient(t.app, user).createWithData(recordingBytes(), { filename: fileName, linkedToType, linkedToId })
    expect(response.statusCode, response.body).toBeLessThan(300)
    return String(response.headers['legado-media-id'])
  }

  /**
   * Rosa (who keeps the tree) and Luis, married in 1945 in Ipiales; Luis died in Quito in 1990.
   * What her granddaughter told Ana about each, what Rosa told Cronos, and proposals that must not be cited.
   */
  async function family() {
    const f = await familyOf(t.app)
    const rosa = await f.add({ firstName: 'Rosa', lastName: 'Díaz', gender: 'Femenino', isSelf: true, birthDate: '1920', birthPlace: 'Pasto', language: 'es' })
    const luis = await f.add({
      firstName: 'Luis',
      lastName: 'Ruiz',
      relationshipToOwner: 'Esposo',
      gender: 'Masculino',
      isDeceased: true,
      deathDate: '1990',
      deathPlace: 'Quito',
      unions: [{ spouseId: rosa.memberId, marriageDate: '1945', marriagePlace: 'Ipiales' }],
      language: 'es',
    })
    const interviewRecording = await upload(f.user, 'respuesta.wav', 'member', rosa.memberId)
    const memory = await as(t.app, f.user)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Yo nací en Pasto, en la casa de la plaza.' } })
    expect(memory.statusCode, memory.body).toBe(201)
    const memoryId = memory.json<{ id: string }>().id
    const memoryRecording = await upload(f.user, 'recuerdo.wav', 'biographyEntry', memoryId)

    const lucia = (id: string, toldAt: string, question: string | null, recordingId: string | null = null): FactSource => ({
      kind: 'interview',
      id,
      toldAt,
      tellerUserId: 'lucia',
      tellerName: 'Lucía',
      tellerKin: 'su nieta',
      question,
      recordingId,
    })
    const fact = (
      id: string,
      member: Member,
      kind: FactProposal['kind'],
      value: string,
      quote: string,
      source: FactSource,
      status: FactProposal['status'] = 'accepted',
    ): FactProposal => ({
      id,
      memberId: member.memberId,
      kind,
      value,
      quote,
      source,
      status,
      current: null,
      existingMemberId: null,
      appliedMemberId: null,
      decidedAt: status === 'accepted' ? '2026-07-01T10:00:00.000Z' : null,
    })
    const aboutRosa = lucia('session-rosa', '2026-05-12T15:00:00.000Z', '¿Dónde nació la abuela Rosa?', interviewRecording)
    const later = { ...aboutRosa, toldAt: '2026-05-12T15:20:00.000Z', question: null, recordingId: null }
    const aboutLuis = lucia('session-luis', '2026-06-01T09:00:00.000Z', '¿Cuándo murió el abuelo?')
    const toCronos: FactSource = {
      kind: 'biography',
      id: memoryId,
      toldAt: '2026-05-20T18:00:00.000Z',
      tellerUserId: f.user.id,
      tellerName: 'Rosa',
      tellerKin: null,
      question: '¿Dónde naciste?',
      recordingId: memoryRecording,
    }
    const facts: FactProposal[] = [
      // One sentence said the place and the year: cited once.
      fact('f1', rosa, 'birthPlace', 'Pasto', 'Nació en Pasto en 1920', aboutRosa),
      fact('f2', rosa, 'birthDate', '1920', 'Nació en Pasto en 1920', aboutRosa),
      fact('f3', rosa, 'occupation', 'Maestra', 'Era maestra de escuela', later),
      fact('f4', rosa, 'residence', 'Ipiales', 'Vivió muchos años en Ipiales', later),
      fact('f5', rosa, 'nickname', 'Rosita', 'Todos le decían Rosita', later),
      fact('f6', rosa, 'marriageDate', '1945', 'Se casaron en 1945', later),
      fact('f7', luis, 'deathDate', '1990', 'El abuelo murió en Quito en 1990', aboutLuis),
      fact('f8', rosa, 'birthPlace', 'Pasto', 'Yo nací en Pasto, en la casa de la plaza', toCronos),
      // Not cited: waiting for a decision, a relative, a death the tree does not hold, someone not in the tree.
      fact('n1', rosa, 'occupation', 'Costurera', 'También cosía', later, 'open'),
      fact('n2', rosa, 'spouse', 'Luis Ruiz', 'Se casó con Luis Ruiz', later),
      fact('n3', rosa, 'deathPlace', 'Quito', 'Murió en Quito', later),
      { ...fact('n4', rosa, 'occupation', 'Sastre', 'Era sastre', later), memberId: 'someone-deleted' },
    ]
    return { ...f, rosa, luis, facts, interviewRecording, memoryRecording }
  }

  const exportOf = async (service: ReturnType<typeof citingService>, owner: TestUser, version: '7.0' | '5.5.1', exporterId?: string) => {
    const chunks: Buffer[] = []
    for await (const chunk of await service.exportTree(owner.id, version, exporterId ? { exporterId } : {})) chunks.push(chunk)
    return Buffer.concat(chunks).toString('utf8')
  }

  const interviewTitle = 'Entrevista con Ana sobre Rosa Díaz, 12 de mayo de 2026'
  const expected = (file: (mediaId: string) => string, ids: { interviewRecording: string; memoryRecording: string }) => [
    {
      owner: 'Rosa /Díaz/',
      under: 'NAME',
      title: interviewTitle,
      author: 'Lucía',
      page: 'Respuesta del 12 de mayo de 2026',
      date: '12 MAY 2026',
      text: 'Todos le decían Rosita',
    },
    {
      owner: 'Rosa /Díaz/',
      under: 'BIRT',
      title: interviewTitle,
      author: 'Lucía',
      page: '¿Dónde nació la abuela Rosa?',
      date: '12 MAY 2026',
      text: 'Nació en Pasto en 1920',
      file: file(ids.interviewRecording),
    },
    {
      owner: 'Rosa /Díaz/',
      under: 'BIRT',
      title: 'Recuerdo contado a Cronos por Rosa Díaz, 20 de mayo de 2026',
      author: 'Rosa',
      page: '¿Dónde naciste?',
      date: '20 MAY 2026',
      text: 'Yo nací en Pasto, en la casa de la plaza',
      file: file(ids.memoryRecording),
    },
    {
      owner: 'Rosa /Díaz/',
      under: 'OCCU Maestra',
      title: interviewTitle,
      author: 'Lucía',
      page: 'Respuesta del 12 de mayo de 2026',
      date: '12 MAY 2026',
      text: 'Era maestra de escuela',
    },
    {
      owner: 'Rosa /Díaz/',
      under: 'RESI',
      title: interviewTitle,
      author: 'Lucía',
      page: 'Respuesta del 12 de mayo de 2026',
      date: '12 MAY 2026',
      text: 'Vivió muchos años en Ipiales',
    },
    {
      owner: 'Luis /Ruiz/',
      under: 'DEAT',
      title: 'Entrevista con Ana sobre Luis Ruiz, 1 de junio de 2026',
      author: 'Lucía',
      page: '¿Cuándo murió el abuelo?',
      date: '1 JUN 2026',
      text: 'El abuelo murió en Quito en 1990',
    },
    {
      owner: 'Luis /Ruiz/ + Rosa /Díaz/',
      under: 'MARR',
      title: interviewTitle,
      author: 'Lucía',
      page: 'Respuesta del 12 de mayo de 2026',
      date: '12 MAY 2026',
      text: 'Se casaron en 1945',
    },
  ]
  const storedPath = async (user: TestUser, mediaId: string) => (await as(t.app, user)({ method: 'GET', url: `/api/media/${mediaId}` })).json().storagePath as string

  it('cites each accepted fact under its structure, in 7.0 and 5.5.1, and 7.0 passes the checker', async () => {
    const f = await family()
    const service = citingService(t, () => f.facts)
    const paths = new Map([
      [f.interviewRecording, await storedPath(f.user, f.interviewRecording)],
      [f.memoryRecording, await storedPath(f.user, f.memoryRecording)],
    ])
    for (const version of ['7.0', '5.5.1'] as const) {
      const text = await exportOf(service, f.user, version)
      expect(sorted(citationsOf(text)), version).toEqual(sorted(expected((id) => paths.get(id)!, f)))
      // The occupation, residence and nickname the tree shows nowhere else are written with their citation.
      for (const line of ['1 OCCU Maestra', '2 NICK Rosita', '1 RESI\n2 PLAC Ipiales']) expect(text, `${version}: ${line}`).toContain(line)
      for (const left of ['Costurera', 'Sastre', 'Murió en Quito', 'Se casó con']) expect(text, `${version}: ${left}`).not.toContain(left)
      // Rosa is alive: no death is made up to hold a citation.
      expect(text.split('\n1 DEAT').length, version).toBe(2)
      // Each interview and memory is one source, each recording one multimedia record (Rosa's file is her own record).
      expect(text.match(/^0 @\w+@ SOUR$/gm), version).toHaveLength(3)
      expect(text.match(/^0 @\w+@ OBJE$/gm), version).toHaveLength(2)
      if (version === '7.0') expect(gedcom7Errors(text)).toEqual([])
    }
  }, 120_000)

  it('titles the sources in the language of the person exporting, and in Spanish for one who has none', async () => {
    const f = await family()
    const editor = await createTestUser(t.app)
    const service = citingService(t, () => f.facts, { [editor.id]: 'en', [f.user.id]: 'fr' })
    const english = citationsOf(await exportOf(service, f.user, '7.0', editor.id))
    expect(english.find((citation) => citation.under === 'DEAT')).toMatchObject({ title: 'Interview with Ana about Luis Ruiz, June 1, 2026', page: '¿Cuándo murió el abuelo?' })
    expect(english.find((citation) => citation.under === 'OCCU Maestra')).toMatchObject({ page: 'Answer of May 12, 2026' })
    expect(english.find((citation) => citation.author === 'Rosa')).toMatchObject({ title: 'Memory told to Cronos by Rosa Díaz, May 20, 2026' })
    const french = citationsOf(await exportOf(service, f.user, '7.0'))
    expect(french.find((citation) => citation.under === 'DEAT')).toMatchObject({ title: 'Entretien avec Ana sur Luis Ruiz, 1 juin 2026' })
    expect(french.find((citation) => citation.under === 'OCCU Maestra')).toMatchObject({ page: 'Réponse du 12 mai 2026' })
    const nobody = await createTestUser(t.app)
    expect(citationsOf(await exportOf(service, f.user, '7.0', nobody.id)).find((citation) => citation.under === 'DEAT')).toMatchObject({
      title: 'Entrevista con Ana sobre Luis Ruiz, 1 de junio de 2026',
    })
  }, 120_000)

  it('carries the recordings in a GEDZIP, at the path its citations name', async () => {
    const f = await family()
    const service = citingService(t, () => f.facts)
    const stream = await service.exportGedzip(f.user.id)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
    const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)))
    const citations = citationsOf(strFromU8(entries['gedcom.ged']!))
    const files = citations.flatMap((citation) => (citation.file ? [decodeURI(citation.file)] : []))
    expect(files).toHaveLength(2)
    for (const file of files) {
      expect(file).toMatch(/^media\//)
      expect(Buffer.from(entries[file]!)).toEqual(recordingBytes())
    }
    expect(gedcom7Errors(strFromU8(entries['gedcom.ged']!))).toEqual([])
  }, 120_000)

  it('writes no citation when no fact was accepted, and the export is the same as without the facts feature', async () => {
    const f = await family()
    const open = f.facts.map((fact) => ({ ...fact, status: 'open' as const }))
    const withOpen = (
      await exportOf(
        citingService(t, () => open),
        f.user,
        '7.0',
      )
    ).replace(/^1 DATE .*$/m, '')
    const without = (await exportThroughApi(t.app, f.user, '7.0')).replace(/^1 DATE .*$/m, '')
    expect(withOpen).toBe(without)
    expect(citationsOf(withOpen)).toEqual([])
  }, 120_000)

  it('comes back from an import into another account, and from that account’s export, with every citation', async () => {
    const f = await family()
    const service = citingService(t, () => f.facts)
    for (const version of ['7.0', '5.5.1'] as const) {
      const exported = await exportOf(service, f.user, version)
      const cited = sorted(citationsOf(exported)).map(({ file: _file, ...citation }) => citation)
      const other = await createTestUser(t.app)
      const job = await importThroughApi(t.app, other, exported)
      expect(job.status, JSON.stringify(job.report)).toBe('done')
      for (const again of ['7.0', '5.5.1'] as const) {
        const text = await exportThroughApi(t.app, other, again)
        expect(
          sorted(citationsOf(text)).map(({ file: _file, ...citation }) => citation),
          `${version} → ${again}`,
        ).toEqual(cited)
        if (again === '7.0') expect(gedcom7Errors(text)).toEqual([])
      }
      // Nothing the import read became a fact of the other account's tree: the tree holds what the file said, no more.
      const theirs = (await as(t.app, other)({ method: 'GET', url: '/api/family-tree' })).json<FamilyTree>()
      expect(theirs.members.map((member) => member.firstName).sort()).toEqual(['Luis', 'Rosa'])
    }
  }, 180_000)

  it('cites once what an earlier export of the same tree brought back into it', async () => {
    const f = await family()
    const service = citingService(t, () => f.facts)
    const first = await exportOf(service, f.user, '7.0')
    expect((await importThroughApi(t.app, f.user, first)).status).toBe('done')
    const again = await exportOf(service, f.user, '7.0')
    expect(sorted(citationsOf(again)).map(({ file: _file, title: _title, ...citation }) => citation)).toEqual(
      sorted(citationsOf(first)).map(({ file: _file, title: _title, ...citation }) => citation),
    )
    expect(again.split('1 OCCU Maestra').length).toBe(2)
    expect(again.split('2 NICK Rosita').length).toBe(2)
  }, 120_000)
  it.skipIf(!hasGramps).each(['7.0', '5.5.1'] as const)(
    'Gramps reads the citations of a %s export: its own export writes each one back with its source, page, day and words',
    async (version) => {
      const f = await family()
      const text = await exportOf(
        citingService(t, () => f.facts),
        f.user,
        version,
      )
      const gramps = await throughGramps(text)
      const theirs = citationsOf(gramps.gedcom)
      for (const citation of citationsOf(text)) {
        const { file: _file, owner: _owner, ...said } = citation
        expect(theirs, `${version}: ${citation.under} ${citation.text}`).toContainEqual(expect.objectContaining(said))
      }
      // The two recorded answers still link their recording (Gramps cannot open the stored file, which is not beside the .ged).
      expect(theirs.filter((citation) => 'file' in citation).map((citation) => citation.text)).toEqual(
        citationsOf(text)
          .filter((citation) => 'file' in citation)
          .map((citation) => citation.text),
      )
    },
    180_000,
  )
})
