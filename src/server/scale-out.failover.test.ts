import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../shared/contracts/family-tree.ts'
import type { GedcomImportJob } from '../shared/contracts/gedcom.ts'
import { generatedGedcomText, generateTree } from './lib/gedcom/test/generate-tree.ts'
import { startTestS3, type TestS3 } from './test/s3-server.ts'
import { canScaleOut, gedcomForm, objectsIn, scaleOutServices, scaleOutSettings, send, type Listening } from './test/scale-out.ts'
import { freePort, signUpOver, startServerProcess, type ServerProcess } from './test/server-process.ts'
import { createTestApp, type TestApp } from './test/test-app.ts'
import { createPostgresCopy, postgresTestSchema } from './test/test-databases.ts'

/** People in the imported file: enough that its writing is still under way when the first of them are in. */
const people = 1_500

describe.skipIf(!canScaleOut)('a job whose instance crashed, on one PostgreSQL, Redis and bucket', () => {
  let s3: TestS3
  let database: { url: string; drop(): Promise<void> }
  let settings: Record<string, string>
  const folders: string[] = []
  let crashing: ServerProcess | undefined
  let survivor: TestApp | undefined

  beforeAll(async () => {
    s3 = await startTestS3()
    database = (await createPostgresCopy(scaleOutServices.postgresUrl!))!
    settings = {
      ...scaleOutSettings(s3),
      DATABASE_URL: database.url,
      DATABASE_SCHEMA: postgresTestSchema,
      // As every test app: sign-ups from this machine are counted in the shared Redis across runs.
      SIGNUP_RATE_LIMIT_PER_HOUR: '10000',
      // A lost import is offered again this long after it started: the wait for the other
      // instance. Its whole run must also fit (about 2 s on an idle machine).
      GEDCOM_IMPORT_TIMEOUT_SECONDS: '8',
      JOB_EXPIRY_GRACE_SECONDS: '0',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      JOB_POLLING_INTERVAL_SECONDS: '0.5',
    }
  })
  afterAll(async () => {
    crashing?.child.kill('SIGKILL')
    await crashing?.exited
    await survivor?.close()
    await database?.drop()
    await s3?.close()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it('is finished by the other instance: done, its people there once, its file gone from the bucket', async () => {
    // The instance that crashes is a process of its own, killed as the kernel would kill it: no
    // drain, no last write. It is the only instance when the import starts, so it is the one running it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-crashing-'))
    folders.push(dataDir)
    const one = (crashing = await startServerProcess(dataDir, await freePort(), settings))
    const cookie = await signUpOver(one.base, `crash-${Date.now()}@example.com`)
    const file = generatedGedcomText(generateTree(people))
    const started = await send(one, '/api/family-tree/gedcom', { cookie, body: gedcomForm(file) })
    expect(started.status).toBe(202)
    const jobId = ((await started.json()) as { job: GedcomImportJob }).job.id
    const importOn = async (instance: Listening) => ((await (await send(instance, `/api/family-tree/gedcom/imports/${jobId}`, { cookie })).json()) as { job: GedcomImportJob }).job

    // Killed once its first people are written, with the rest of them still to come.
    await expect.poll(async () => (await importOn(one)).progress, { timeout: 10_000, interval: 20 }).toBeGreaterThan(40)
    const atCrash = await importOn(one)
    one.child.kill('SIGKILL')
    await one.exited
    expect(atCrash.status).toBe('writing')
    expect(atCrash.progress).toBeLessThan(99)
    // Left as a crash leaves it: the delivery still active in pg-boss, the file still in the bucket.
    expect(await deliveryState(database.url, jobId)).toBe('active')
    expect(await objectsIn(s3, `jobInputs/${jobId}`)).toEqual([`jobInputs/${jobId}`])

    // Started after the crash, so the import cannot have gone to it first: it finds the delivery
    // expired (the import's timeout after it began) and runs the import again.
    survivor = await createTestApp('postgres', settings)
    const other = { base: await survivor.app.listen({ port: 0, host: '127.0.0.1' }) }
    await expect.poll(async () => (await importOn(other)).status, { timeout: 25_000, interval: 100 }).toBe('done')
    const tree = (await (await send(other, '/api/family-tree', { cookie })).json()) as FamilyTree
    expect(tree.members).toHaveLength(people)
    expect(new Set(tree.members.map((member) => member.sourceId)).size).toBe(people)
    await expect.poll(() => objectsIn(s3, `jobInputs/${jobId}`)).toEqual([])
  }, 45_000)
})

/** pg-boss's state of the job's delivery, read beside the app as an operator would. */
async function deliveryState(url: string, jobId: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ state: string }>(`select state from "${postgresTestSchema}_jobs".job where id = $1`, [jobId])
    return rows[0]?.state
  } finally {
    await client.end()
  }
}
