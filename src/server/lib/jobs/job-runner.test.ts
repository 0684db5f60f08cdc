import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { openDatabase, type DatabaseHandle } from '../../db/database.ts'
import { createObjectStorage } from '../../integrations/storage/create-storage.ts'
import { createTestApp, createTestUser, testDatabases, type TestApp } from '../../test/test-app.ts'
import { newId } from '../ids.ts'
import { createJobRunnerFor } from './create-job-runner.ts'
import type { JobKind, JobRunner } from './job-runner.ts'

const silent = { warn: () => undefined, error: () => undefined }

/** Resolves once `check` holds, looking every 50 ms for up to 20 s. */
async function until(check: () => Promise<boolean> | boolean, what: string) {
  const giveUpAt = Date.now() + 20_000
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

const catalogue = JSON.parse(readFileSync(path.resolve('src/web/locales/en/errors.json'), 'utf8')) as { job: Record<string, string> }

describe.each(testDatabases)('the job runner on %s', (database) => {
  let testApp: TestApp
  let handles: DatabaseHandle[]
  let runners: JobRunner[]
  // Each test's own queue: the app's runner on the same database never takes these jobs.
  let queueName: string

  beforeEach(async () => {
    testApp = await createTestApp(database)
    handles = []
    runners = []
    queueName = `test-${newId()}`
  })
  afterEach(async () => {
    for (const runner of runners) await runner.stop()
    for (const handle of handles) await handle.destroy()
    await testApp.close()
  })

  /** A runner of its own, as another instance (or the next start of this one) would have. */
  async function instance(kinds: JobKind<never>[], concurrency = 2, pollingIntervalSeconds = 0.5): Promise<JobRunner> {
    const config = loadConfig(testApp.env)
    const handle = await openDatabase(config.database)
    handles.push(handle)
    const runner = createJobRunnerFor(handle, createObjectStorage(config.storage).storage, {
      concurrency,
      workDir: path.join(testApp.dataDir, 'jobs'),
      log: silent,
      pollMs: 100,
      expiryGraceMs: 0,
      pollingIntervalSeconds,
      maintenanceIntervalSeconds: 1,
      queueName,
    })
    for (const kind of kinds) runner.register(kind)
    await runner.start()
    runners.push(runner)
    return runner
  }

  it('runs at most its concurrency at once, and refuses a person past their cap with job.too_many', async () => {
    let active = 0
    let mostActive = 0
    const release = gate()
    const kind: JobKind<{ n: number }> = {
      name: 'counting',
      perPerson: 2,
      timeoutMs: 20_000,
      retries: 0,
      async run(job) {
        active += 1
        mostActive = Math.max(mostActive, active)
        await release.opened
        active -= 1
        return { n: job.input.n * 2 }
      },
    }
    const runner = await instance([kind as JobKind<never>], 2)
    const rosa = await createTestUser(testApp.app)
    const luis = await createTestUser(testApp.app)
    const ids = [await runner.enqueue(kind, rosa.id, { n: 1 }), await runner.enqueue(kind, rosa.id, { n: 2 })]
    await expect(runner.enqueue(kind, rosa.id, { n: 3 })).rejects.toMatchObject({ code: 'job.too_many', status: 429 })
    ids.push(await runner.enqueue(kind, luis.id, { n: 3 }))
    await until(() => active === 2, 'two jobs running')
    // The third waits its turn while two run.
    expect((await runner.find(luis.id, ids[2]!)).status).toBe('queued')
    release.open()
    const ended = await Promise.all(ids.map((id, at) => runner.waitFor(at < 2 ? rosa.id : luis.id, id)))
    expect(ended.map((job) => [job.status, job.result])).toEqual([
      ['done', { n: 2 }],
      ['done', { n: 4 }],
      ['done', { n: 6 }],
    ])
    expect(mostActive).toBe(2)
    // Another person's job is not found, as a missing one.
    await expect(runner.find(rosa.id, ids[2]!)).rejects.toMatchObject({ code: 'not_found' })
    // Once hers ended, Rosa may start another.
    await runner.waitFor(rosa.id, await runner.enqueue(kind, rosa.id, { n: 4 }))
  })

  it('starts a job sent on an instance with an idle worker at once, not at that worker’s next poll', async () => {
    const kind: JobKind<{ n: number }> = { name: 'quick', perPerson: 1, timeoutMs: 20_000, retries: 0, run: async (job) => ({ n: job.input.n }) }
    // One worker that asks for work once a minute, far past this test's timeout: each job must
    // start when it is sent. The second is sent while the worker waits after the first.
    const runner = await instance([kind as JobKind<never>], 1, 60)
    const rosa = await createTestUser(testApp.app)
    expect(await runner.waitFor(rosa.id, await runner.enqueue(kind, rosa.id, { n: 1 }))).toMatchObject({ status: 'done', result: { n: 1 } })
    expect(await runner.waitFor(rosa.id, await runner.enqueue(kind, rosa.id, { n: 2 }))).toMatchObject({ status: 'done', result: { n: 2 } })
  })

  it('stops a job that runs past its timeout and marks it failed with job.timed_out, which the web can say', async () => {
    let sawAbort = false
    const kind: JobKind<object> = {
      name: 'slow',
      perPerson: 1,
      timeoutMs: 300,
      retries: 1,
      run: (job) => new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(((sawAbort = true), job.signal.reason)))),
    }
    const runner = await instance([kind as JobKind<never>])
    const rosa = await createTestUser(testApp.app)
    const ended = await runner.waitFor(rosa.id, await runner.enqueue(kind, rosa.id, {}))
    expect(ended).toMatchObject({ status: 'failed', errorCode: 'job.timed_out' })
    expect(sawAbort).toBe(true)
    expect(catalogue.job.timed_out).toBeTruthy()
  })

  it('cancels a running job (its handler is told) and a queued one (it never runs)', async () => {
    const started: number[] = []
    const ended: string[] = []
    const kind: JobKind<{ n: number }> = {
      name: 'cancellable',
      perPerson: 5,
      timeoutMs: 20_000,
      retries: 0,
      run: (job) => {
        started.push(job.input.n)
        return new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason as Error)))
      },
      onEnded: async (job) => void ended.push(`${job.status}:${job.errorCode}`),
    }
    const runner = await instance([kind as JobKind<never>], 1)
    const rosa = await createTestUser(testApp.app)
    const first = await runner.enqueue(kind, rosa.id, { n: 1 })
    const second = await runner.enqueue(kind, rosa.id, { n: 2 })
    await until(() => started.length === 1, 'the first job running')
    expect((await runner.cancel(rosa.id, second)).status).toBe('cancelled')
    await runner.cancel(rosa.id, first)
    expect(await runner.waitFor(rosa.id, first)).toMatchObject({ status: 'cancelled', errorCode: 'job.cancelled' })
    expect(await runner.waitFor(rosa.id, second)).toMatchObject({ status: 'cancelled', errorCode: 'job.cancelled' })
    // Give a wrongly delivered second job its chance to start.
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(started).toEqual([1])
    expect(ended.sort()).toEqual(['cancelled:job.cancelled', 'cancelled:job.cancelled'])
    await expect(runner.cancel((await createTestUser(testApp.app)).id, first)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('finishes a job whose instance stopped part way on another instance, and fails one that is not safe to repeat', async () => {
    const firstRun = gate()
    const kinds = (instanceName: string): JobKind<object>[] => [
      {
        name: 'repeatable',
        perPerson: 1,
        timeoutMs: 1_000,
        retries: 1,
        run: async (job) => {
          if (instanceName === 'first') {
            firstRun.open()
            // The first instance dies here: its handler never answers.
            return new Promise(() => {})
          }
          return { by: instanceName, attempt: job.attempt }
        },
      },
      {
        name: 'once',
        perPerson: 1,
        timeoutMs: 1_000,
        retries: 0,
        run: async () => (instanceName === 'first' ? new Promise(() => {}) : { by: instanceName }),
      },
    ]
    const first = await instance(kinds('first') as JobKind<never>[])
    const rosa = await createTestUser(testApp.app)
    const repeatable = await first.enqueue(kinds('first')[0]!, rosa.id, {})
    const once = await first.enqueue(kinds('first')[1]!, rosa.id, {})
    await firstRun.opened
    await until(async () => (await first.find(rosa.id, once)).status === 'running', 'both jobs running')
    await first.halt()
    // PostgreSQL: another instance running beside it; SQLite: the same server started again.
    const second = await instance(kinds('second') as JobKind<never>[])
    expect(await second.waitFor(rosa.id, repeatable)).toMatchObject({ status: 'done', result: { by: 'second', attempt: 2 } })
    expect(await second.waitFor(rosa.id, once)).toMatchObject({ status: 'failed', errorCode: 'job.interrupted' })
    expect(catalogue.job.interrupted).toBeTruthy()
  })
})
