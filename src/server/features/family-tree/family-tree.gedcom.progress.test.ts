import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GedcomImportJob } from '../../../shared/contracts/gedcom.ts'
import { generateTree, generatedGedcomText } from '../../lib/gedcom/test/generate-tree.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { createGedcomJobRepository, type GedcomJobRepository } from './family-tree.gedcom-jobs.ts'
import { createGedcomService } from './family-tree.gedcom.service.ts'
import { createFamilyTreeRepository } from './family-tree.repository.ts'
import { createFamilyTreeService } from './family-tree.service.ts'

// A big import's progress bar moves while the people are written, not only between phases: every
// progress the job records on the app's own database is kept here, and the job is then read
// through the API as the page reads it.
describe.each(testDatabases)('the progress of a GEDCOM import on %s', (database) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  it('moves through the writing phase of a few thousand people, never backwards, and ends at 100', async () => {
    const user = await createTestUser(t.app)
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
    const gedcom = createGedcomService({ familyTree, jobs: watched })
    const started = await gedcom.startImport(user.id, new TextEncoder().encode(generatedGedcomText(generateTree(3_000))), 'familia.ged')

    let job: GedcomImportJob = started
    for (let wait = 0; job.status !== 'done' && job.status !== 'failed' && wait < 600; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      job = (await as(t.app, user)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${started.id}` })).json<{ job: GedcomImportJob }>().job
    }
    expect(job).toMatchObject({ status: 'done', progress: 100 })
    expect(job.report!.members.created).toBe(3_000)

    // Phases alone would record 5, 40 and 100: the writing adds steps between 40 and 100.
    expect(recorded.slice(0, 2)).toEqual([5, 40])
    expect(recorded.at(-1)).toBe(100)
    expect(recorded.filter((progress) => progress > 40 && progress < 100).length).toBeGreaterThanOrEqual(5)
    expect(recorded.every((progress, i) => i === 0 || progress >= recorded[i - 1]!)).toBe(true)
  }, 60_000)
})
