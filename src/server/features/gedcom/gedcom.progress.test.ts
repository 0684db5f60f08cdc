import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GedcomImportJob } from '../../../shared/contracts/gedcom.ts'
import { generateTree, generatedGedcomText } from '../../lib/gedcom/test/generate-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { createGedcomJobRepository, type GedcomJobRepository } from './gedcom.repository.ts'
import { createGedcomKeptRepository } from './gedcom.kept.repository.ts'
import { createGedcomService, type GedcomService } from './gedcom.service.ts'
import { writeFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { createObjectStorage } from '../../integrations/storage/create-storage.ts'
import { createInProcessQueue } from '../../lib/jobs/job-queue.ts'
import { createJobRepository } from '../../lib/jobs/job.repository.ts'
import { createJobRunner, type JobRunner } from '../../lib/jobs/job-runner.ts'
import { createFamilyTreeRepository } from '../family-tree/family-tree.repository.ts'
import { createFamilyTreeService } from '../family-tree/family-tree.service.ts'

// A big import's progress bar moves while the people are written, and while a GEDZIP's files are
// stored, not only between phases: every progress the job records on the app's own database is
// kept here, and the job is then read through the API as the page reads it.
describe.each(testDatabases)('the progress of a GEDCOM import on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  const runners: JobRunner[] = []
  afterAll(async () => {
    for (const runner of runners) await runner.stop()
    await t.close()
  })

  /** A GEDCOM service on the app's database whose job records every progress it writes in `recorded`. */
  function watchedService(media?: Parameters<typeof createGedcomService>[0]['media']) {
    const jobs = createGedcomJobRepository(t.db)
    const recorded: number[] = []
    const watched: GedcomJobRepository = {
      ...jobs,
      update: async (ownerId, id, changes, now) => {
        if (changes.progress !== undefined) recorded.push(changes.progress)
        await jobs.update(ownerId, id, changes, now)
      },
    }
    const familyTree = createFamilyTreeService({
      repo: createFamilyTreeRepository(t.db),
      getOwner: async () => ({ displayName: 'Rosa', email: 'rosa@example.com', preferredLanguage: 'es' }),
    })
    const runner = createJobRunner({
      repo: createJobRepository(t.db),
      queue: createInProcessQueue({ concurrency: 1 }),
      storage: createObjectStorage({ kind: 'local', dir: path.join(t.dataDir, 'media') }).storage,
      workDir: path.join(t.dataDir, 'jobs'),
      recoverAtStart: false,
      log: { warn: () => undefined, error: () => undefined },
    })
    const gedcom = createGedcomService({ familyTree, jobs: watched, runner, kept: createGedcomKeptRepository(t.db), ...(media ? { media } : {}) })
    runners.push(runner)
    return { gedcom, recorded, start: runner.start() }
  }

  /** Starts an import of `bytes` as the route does, from a file on disk. */
  async function startImport(gedcom: GedcomService, user: { id: string }, bytes: Uint8Array, fileName: string) {
    const file = path.join(t.dataDir, `upload-${fileName}`)
    await writeFile(file, bytes)
    try {
      return await gedcom.startImport(user.id, file, fileName)
    } finally {
      await rm(file, { force: true })
    }
  }

  async function finished(user: Awaited<ReturnType<typeof createTestUser>>, started: GedcomImportJob): Promise<GedcomImportJob> {
    let job = started
    for (let wait = 0; job.status !== 'done' && job.status !== 'failed' && wait < 600; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      job = (await as(t.app, user)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${started.id}` })).json<{ job: GedcomImportJob }>().job
    }
    return job
  }

  it('moves through the writing phase of a few thousand people, never backwards, and ends at 100', async () => {
    const user = await createTestUser(t.app)
    const { gedcom, recorded, start } = watchedService()
    await start
    const job = await finished(user, await startImport(gedcom, user, new TextEncoder().encode(generatedGedcomText(generateTree(3_000))), 'familia.ged'))
    expect(job).toMatchObject({ status: 'done', progress: 100 })
    expect(job.report!.members.created).toBe(3_000)

    // Phases alone would record 5, 40 and 100: the writing adds steps between 40 and 100.
    expect(recorded.slice(0, 2)).toEqual([5, 40])
    expect(recorded.at(-1)).toBe(100)
    expect(recorded.filter((progress) => progress > 40 && progress < 100).length).toBeGreaterThanOrEqual(5)
    expect(recorded.every((progress, i) => i === 0 || progress >= recorded[i - 1]!)).toBe(true)
  }, 60_000)

  it('keeps moving while a GEDZIP’s files are stored, after the people are written', async () => {
    const user = await createTestUser(t.app)
    // Each file takes a moment to store, as a photo does (type, size, location, hash, disk).
    const stored: string[] = []
    /** The bar as the page saw it when each file was stored. */
    const barAtFile: number[] = []
    const media = {
      maxFileBytes: 1_000_000,
      fileNamesOf: async () => [],
      attach: async (_ownerId: string, _memberIds: string[], file: { fileName: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 15))
        stored.push(file.fileName)
        barAtFile.push(recorded.at(-1)!)
        return `media-${stored.length}`
      },
      link: async () => {},
    }
    const { gedcom, recorded, start } = watchedService(media)
    await start
    const people = Array.from({ length: 60 }, (_, n) => [`0 @I${n}@ INDI`, `1 NAME Persona${n} /Paz/`, '1 OBJE', `2 FILE fotos/carta-${n}.txt`, '3 FORM text/plain'])
    const files = Object.fromEntries(Array.from({ length: 60 }, (_, n) => [`fotos/carta-${n}.txt`, strToU8(`Carta ${n}`)]))
    const gedzip = zipSync({ 'gedcom.ged': strToU8(['0 HEAD', '1 GEDC', '2 VERS 7.0', ...people.flat(), '0 TRLR', ''].join('\n')), ...files })
    const job = await finished(user, await startImport(gedcom, user, gedzip, 'familia.gdz'))
    expect(job).toMatchObject({ status: 'done', progress: 100 })
    expect(job.report!.media).toMatchObject({ attached: 60, skipped: [] })
    expect(stored).toHaveLength(60)

    // The people take the bar to 80 at most; the files move it on from there, never backwards.
    expect(barAtFile[0]).toBeLessThanOrEqual(80)
    expect(barAtFile.at(-1)).toBeGreaterThan(90)
    expect(new Set(barAtFile).size).toBeGreaterThanOrEqual(3)
    expect(recorded.every((progress, i) => i === 0 || progress >= recorded[i - 1]!)).toBe(true)
  }, 60_000)
})
