import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { gedcom7Errors } from '../../lib/gedcom/test/validate-gedcom7.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { citationsOf, inOrder as sorted } from './test/citations.ts'
import { exportThroughApi, importThroughApi } from './test/gedcom-api.ts'
import { hasGramps, noticeMissingGramps, throughGramps } from './test/gramps.ts'
import { citedFamily, expectedCitations } from './test/cited-family.ts'
import { citingService, recordingBytes } from './test/citing-service.ts'

// The facts people accepted from what they told Ana or Cronos are cited in every export (7.0,
// 5.5.1, GEDZIP): each interview or memory a source, each fact a citation under its own structure
// with the question, the day, the words and the recording; what the tree no longer holds is not
// cited. The citations come back from an import into another account, as any program's do. The
// facts are hand-made proposals given through the port the facts feature fills.

noticeMissingGramps()

describe.each(testDatabases)('facts heard in conversations, cited in GEDCOM exports, on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  const exportOf = async (service: ReturnType<typeof citingService>, owner: TestUser, version: '7.0' | '5.5.1', exporterId?: string) => {
    const chunks: Buffer[] = []
    for await (const chunk of await service.exportTree(owner.id, version, exporterId ? { exporterId } : {})) chunks.push(chunk)
    return Buffer.concat(chunks).toString('utf8')
  }

  const storedPath = async (user: TestUser, mediaId: string) => (await as(t.app, user)({ method: 'GET', url: `/api/media/${mediaId}` })).json().storagePath as string

  it('cites each accepted fact under its structure, in 7.0 and 5.5.1, and 7.0 passes the checker', async () => {
    const f = await citedFamily(t)
    const service = citingService(t, () => f.facts)
    const paths = new Map([
      [f.interviewRecording, await storedPath(f.user, f.interviewRecording)],
      [f.memoryRecording, await storedPath(f.user, f.memoryRecording)],
    ])
    for (const version of ['7.0', '5.5.1'] as const) {
      const text = await exportOf(service, f.user, version)
      expect(sorted(citationsOf(text)), version).toEqual(sorted(expectedCitations((id) => paths.get(id)!, f)))
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
    const f = await citedFamily(t)
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
    const f = await citedFamily(t)
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
    const f = await citedFamily(t)
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
    const f = await citedFamily(t)
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
    const f = await citedFamily(t)
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
      const f = await citedFamily(t)
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
