import type { IndexColumns } from './index-columns.ts'

/** What the page asks the index's worker: to read the index at `path`, or to parse bytes already read. */
export type IndexWorkerQuestion = { path: string } | { bytes: ArrayBuffer }

/** The columns, or how the worker's read failed (status 0: no answer; else the server's answer). */
export type IndexWorkerAnswer = { columns: IndexColumns } | { failed: { status: number; body?: string } }
