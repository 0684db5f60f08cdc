import type { Readable } from 'node:stream'
import type { ImportReport } from '../../../shared/contracts/portability.ts'
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
  log: Logger
}

/** "Export everything" and its way back in (docs/export-format.md, ADR 0018). */
export function createPortabilityService({ ports, extensions, limits, limiter, log }: Deps) {
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

    /** Counts an import before its archive is received; past the limit, `rate_limited`. */
    async admitImport(userId: string): Promise<void> {
      await limiter.take([`import:${userId}`])
    },

    /** Restores the export in `file` (a zip on disk) into the user's account. */
    async importFile(userId: string, file: string): Promise<ImportReport> {
      const archive = await openZip(file, limits)
      try {
        return await importArchive(userId, archive, ports, log)
      } finally {
        await archive.close()
      }
    },
  }
}
export type PortabilityService = ReturnType<typeof createPortabilityService>
