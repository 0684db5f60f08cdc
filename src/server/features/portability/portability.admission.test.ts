import { describe, expect, it } from 'vitest'
import { createAttemptLimiter } from '../../lib/attempt-limiter.ts'
import { createMemoryRateLimitStore } from '../../lib/rate-limit-store.ts'
import type { JobRunner } from '../../lib/jobs/job-runner.ts'
import type { PortabilityPorts } from './portability.ports.ts'
import { createPortabilityService } from './portability.service.ts'

const silent = { warn: () => undefined, error: () => undefined }

function service(maxWaitingBytes: number, perHour = 30) {
  return createPortabilityService({
    ports: {} as PortabilityPorts,
    extensions: [],
    limits: { maxEntries: 10, maxTotalBytes: 10 },
    limiter: createAttemptLimiter(createMemoryRateLimitStore(), { max: perHour, windowMs: 60 * 60 * 1000 }, 'portability'),
    maxWaitingBytes,
    // Admission alone: no import runs here.
    runner: { register: () => undefined } as unknown as JobRunner,
    importTimeoutMs: 60_000,
    log: silent,
  })
}

describe('admitting an account import', () => {
  it('takes one import per person at a time, and the next once the first has ended', async () => {
    const imports = service(10_000)
    const release = await imports.admitImport('rosa', 100)
    await expect(imports.admitImport('rosa', 100)).rejects.toMatchObject({ code: 'conflict' })
    // Someone else is not held up by her.
    const other = await imports.admitImport('luis', 100)
    release()
    other()
    const again = await imports.admitImport('rosa', 100)
    again()
  })

  it('keeps the archives waiting on disk within their room, every person together', async () => {
    const imports = service(1_000)
    const first = await imports.admitImport('rosa', 700)
    await expect(imports.admitImport('luis', 400)).rejects.toMatchObject({ code: 'rate_limited' })
    first()
    const second = await imports.admitImport('luis', 400)
    // A release called twice frees its room once.
    second()
    second()
    const both = [await imports.admitImport('ana', 600), await imports.admitImport('pedro', 400)]
    for (const release of both) release()
  })

  it('gives its room back when the hourly count refuses it', async () => {
    const imports = service(1_000, 1)
    ;(await imports.admitImport('rosa', 900))()
    await expect(imports.admitImport('rosa', 900)).rejects.toMatchObject({ code: 'rate_limited' })
    ;(await imports.admitImport('luis', 900))()
  })
})
