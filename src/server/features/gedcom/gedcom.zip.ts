import { AppError, payloadTooLarge } from '../../lib/app-error.ts'
import { open } from 'node:fs/promises'
import { looksLikeZip, openZip, type ZipArchive, type ZipEntry, type ZipLimits } from '../../lib/zip/zip-reader.ts'

// GEDZIP, GEDCOM 7's package: a zip holding the tree as `gedcom.ged` at its root and the files its
// OBJE records name, by relative path. Read with the guards every archive of ours gets (names that
// climb out, sizes that lie, bombs, encryption: lib/zip/zip-reader.ts), from the upload waiting on disk.

/** Whether the file on disk starts as a zip does. */
export async function isGedzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = new Uint8Array(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    return looksLikeZip(head.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}

/** The name GEDZIP gives the tree inside the archive. */
export const gedzipGedcomName = 'gedcom.ged'

/**
 * Entries and unpacked bytes an uploaded GEDZIP may declare. Nothing is unpacked whole: the .ged
 * is bounded by the GEDCOM limit and each file by the media feature's, one at a time.
 */
export const gedzipLimits: ZipLimits = { maxEntries: 50_000, maxTotalBytes: 4 * 1024 ** 3 }

/**
 * The archive's tree: `gedcom.ged` at the root as GEDZIP says; else, for zips people make by hand
 * (or Legado's own "export everything"), the only .ged at the root, or the only one anywhere.
 */
export function gedcomEntryOf(archive: ZipArchive): ZipEntry | undefined {
  const named = archive.entries.get(gedzipGedcomName)
  if (named) return named
  const geds = [...archive.entries.values()].filter((entry) => /\.ged$/i.test(entry.name))
  const atRoot = geds.filter((entry) => !entry.name.includes('/'))
  return atRoot.length === 1 ? atRoot[0] : geds.length === 1 ? geds[0] : undefined
}

/** Opens an uploaded GEDZIP and finds its tree; refuses one without a .ged, or with one past the GEDCOM limit. */
export async function openGedzip(file: string, maxGedcomBytes: number): Promise<{ archive: ZipArchive; gedcom: ZipEntry }> {
  let archive: ZipArchive
  try {
    archive = await openZip(file, gedzipLimits)
  } catch (error) {
    // A file that starts like a zip but has no directory is a damaged one.
    if (error instanceof AppError && error.code === 'portability.not_an_export') throw new AppError('portability.unsafe_archive', 'The zip is damaged')
    throw error
  }
  const gedcom = gedcomEntryOf(archive)
  if (!gedcom) throw new AppError('gedcom.no_gedcom_in_zip', 'The zip holds no .ged file')
  if (gedcom.size > maxGedcomBytes) throw payloadTooLarge(maxGedcomBytes, `A GEDCOM file can have at most ${maxGedcomBytes} bytes`)
  return { archive, gedcom }
}
