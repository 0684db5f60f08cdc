import type { Readable } from 'node:stream'
import type { ImportReport } from '../../../shared/contracts/portability.ts'
import { errorStatus, type ErrorCode } from '../../../shared/errors.ts'
import { AppError } from '../../lib/app-error.ts'
import type { JobKind, JobRunner } from '../../lib/jobs/job-runner.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { collectExport, writeExport } from './portability.export.ts'
import { importArchive } from './portability.import.ts'
import type { ExportExtension, PortabilityPorts } from './portability.ports.ts'
import { openZip, type ZipLimits } from '../../lib/zip/zip-reader.ts'
import { createZipWriter } from '../../lib/zip/zip-writer.ts'

interface Logger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

interface Deps {
  ports: PortabilityPorts
  /**
   * Entries other parts of the app add to every export; the composition root fills it (the tree
   * as GEDCOM 7 goes here). An import lists them as ignored: it restores from the JSON files.
   */
  extensions: ExportExtension[]
  limits: ZipLimits
  /**
   * Exports and imports per person: each reads or writes every file they have, so a script
   * looping on them would keep the disk and the database busy for everyone.
   */
  limiter: AttemptLimiter
  /** The bytes of archives that may wait on disk at once, every person's imports together. */
  maxWaitingBytes: number
  /** Runs the imports (lib/jobs): a timeout, a cap per person, any instance. */
  runner: JobRunner
  /** The longest an import may run. */
  importTimeoutMs: number
  log: Logger
}

/** "Export everything" and its way back in (docs/export-format.md, ADR 0018). */
export function createPortabilityService({ ports, extensions, limits, limiter, maxWaitingBytes, runner, importTimeoutMs, log }: Deps) {
  // One import per person at a time (each would read every file of theirs again), and a bound on
  // what all imports keep on disk at once. Kept per process: an import runs where it was received.
  const importing = new Set<string>()
  let waitingBytes = 0

  const importKind: JobKind<Record<string, never>> = {
    name: 'account-import',
    perPerson: 1,
    timeoutMs: importTimeoutMs,
    // Everything is written under new ids: a second run would restore the account twice.
    retries: 0,
    async run(job) {
      const archive = await openZip(await job.inputFile(), limits)
      try {
        return await importArchive(job.ownerId, archive, ports, log)
      } finally {
        await archive.close()
      }
    },
  }
  runner.register(importKind)

  return {
    /** The user's whole archive as a stream; the rows are read before it starts. */
    async exportAll(userId: string): Promise<Readable> {
      await limiter.take([`export:${userId}`])
      const collected = await collectExport(userId, ports, extensions)
      const zip = createZipWriter()
      writeExport(userId, collected, ports, extensions, zip).catch((error: unknown) => {
        log.error({ err: error }, 'an export stopped part way')
        zip.abort(error instanceof Error ? error : new Error(String(error)))
      })
      return zip.stream
    },

    /**
     * Admits an import before its archive is received, holding `bytes` of room on disk for it:
     * `conflict` while the person has one under way, `rate_limited` past their hourly count or when
     * the archives waiting already fill the room. Answers the release, to call once it has ended.
     */
    async admitImport(userId: string, bytes: number): Promise<() => void> {
      if (importing.has(userId)) throw new AppError('conflict', 'An import of yours is already under way; wait for it to end')
      if (waitingBytes + bytes > maxWaitingBytes) {
        throw new AppError('rate_limited', 'Too many archives are being imported right now; try again in a few minutes', undefined, { 'Retry-After': '300' })
      }
      // Held before the first await, so two requests of one person cannot both pass.
      importing.add(userId)
      waitingBytes += bytes
      let isReleased = false
      const release = () => {
        if (isReleased) return
        isReleased = true
        importing.delete(userId)
        waitingBytes -= bytes
      }
      try {
        await limiter.take([`import:${userId}`])
      } catch (error) {
        release()
        throw error
      }
      return release
    },

    /**
     * Restores the export in `file` (a zip on disk, left for the caller to remove) into the user's
     * account, as a job of the runner, and answers its report once it has ended.
     */
    async importFile(userId: string, file: string): Promise<ImportReport> {
      const id = await runner.enqueue(importKind, userId, {}, { file })
      const ended = await runner.waitFor(userId, id)
      if (ended.status === 'done') return ended.result as ImportReport
      const code = (ended.errorCode ?? 'internal') as ErrorCode
      throw new AppError(code in errorStatus ? code : 'internal', `The import ended: ${code}`)
    },
  }
}
export type PortabilityService = ReturnType<typeof createPortabilityService>
