import type { BatchProblem } from '../../../shared/contracts/family-tree.ts'
import type { GedcomImportReport } from '../../../shared/contracts/gedcom.ts'
import { xrefOfSourceId } from './gedcom.identity.ts'

// What an import tells while it runs and when it ends: its bar, and its report's tags and problems.

/** Tags named per kind in a preview or report, the most frequent first; a file inventing tags by the thousand is not answered whole. */
export const reportedTags = 100

/** The `reportedTags` most frequent tags, the rest left out. */
export function topTags(tags: Record<string, number>): Record<string, number> {
  const entries = Object.entries(tags)
  if (entries.length <= reportedTags) return tags
  return Object.fromEntries(entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, reportedTags))
}

/** Problems kept in a report; the rest are counted. A 100,000-person file with one fault everywhere stays readable. */
export const reportedProblems = 500

/**
 * The writing phase's share of the bar: it starts once the file is read and ends just before done.
 * A GEDZIP's files, unpacked and stored one by one, take the last part of it.
 */
export const writingFrom = 40
export const writingTo = 99
export const filesFrom = 80
/** The bar moves in the database at most this often, or sooner after a jump of `progressStep` points. */
const progressEveryMs = 250
const progressStep = 2

/**
 * Records a step's progress between `from` and `to` without a write per step: at most every
 * `progressEveryMs`, or after `progressStep` points, one write at a time and in order. `settled`
 * waits for the last one.
 */
export function progressRecorder(record: (progress: number) => Promise<void>, from: number, to: number) {
  let shown = from
  let shownAt = performance.now()
  let last: Promise<void> = Promise.resolve()
  let busy = false
  return {
    onProgress(done: number, total: number) {
      const progress = Math.floor(from + ((to - from) * done) / Math.max(total, 1))
      const now = performance.now()
      if (busy || progress <= shown || (progress - shown < progressStep && now - shownAt < progressEveryMs)) return
      shown = progress
      shownAt = now
      busy = true
      last = record(progress).then(
        () => void (busy = false),
        () => void (busy = false),
      )
    },
    settled: () => last,
  }
}

/** A problem as the file names its item: the xref, without the namespace it was kept in, and the person's name. */
export function asFileRef(problem: BatchProblem, nameOf: (ref: string) => string | undefined): GedcomImportReport['problems'][number] {
  if (problem.ref === undefined) return problem
  const name = nameOf(problem.ref)
  return { ...problem, ref: xrefOfSourceId(problem.ref) ?? problem.ref, ...(name ? { name } : {}) }
}

/** Each member reference of the batch → the person's name, as the file gives it. */
export function namesOf(batch: { members: { sourceId?: string | undefined; firstName: string; lastName: string }[] }) {
  let names: Map<string, string> | undefined
  return (ref: string) => {
    names ??= new Map(batch.members.map((member) => [member.sourceId ?? '', `${member.firstName} ${member.lastName}`.trim()]))
    return names.get(ref)
  }
}
