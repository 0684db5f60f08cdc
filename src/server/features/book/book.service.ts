import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { bookLimits, type Book, type BookDraft, type BookOptions, type BookPlan, type LinkExpiry } from '../../../shared/contracts/book.ts'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import type { Language } from '../../../shared/limits.ts'
import type { ObjectStorage } from '../../integrations/storage/object-storage.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import type { JobKind, JobRunner } from '../../lib/jobs/job-runner.ts'
import { gatherMaterial, type BookSources } from './book.material.ts'
import { buildPlan, chapterDigest } from './book.plan.ts'
import { bookOf, type BookRepository } from './book.repository.ts'

interface Logger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/** What the book asks of the listening links: a printed address for each recording the author may share. */
export interface BookLinks {
  linksFor(ownerUserId: string, mediaIds: string[], options: { expiry: LinkExpiry; language: Language }): Promise<Map<string, string>>
}

/** Draws the plan as a PDF in `outFile`, off the request thread (book.pdf.ts). */
export type RenderBook = (
  plan: BookPlan,
  options: { imageFiles: Map<string, string>; outFile: string; signal: AbortSignal; onProgress(fraction: number): void },
) => Promise<{ pageCount: number; unprintedPhotoIds: string[] }>

/** A chapter told again as prose by a model; `ai_unavailable` without one. */
export type Retell = (userId: string, chapterText: string, language: Language) => Promise<string>

interface Deps {
  repo: BookRepository
  sources: BookSources
  runner: JobRunner
  storage: ObjectStorage
  links: BookLinks
  render: RenderBook
  retell: Retell
  /** Whether a model answers (the guided mode retells nothing). */
  canRetell: boolean
  /** Where a book's pictures and its PDF are written while it is made. */
  workDir: string
  timeoutMs: number
  /** Books one person keeps at once: each is a file of tens of megabytes. */
  maxBooks: number
  log: Logger
}

/** Where a person's books are kept: apart from their media, erased with their account. */
export const bookPrefix = (ownerUserId: string) => `books/${ownerUserId}/`

/** The chapter's words as told, for a model to retell. */
function chapterText(chapter: BookPlan['chapters'][number]): string {
  return chapter.blocks
    .flatMap((block) =>
      block.type === 'memory' ? [[block.title, block.date, block.text].filter(Boolean).join('\n')] : block.type === 'answer' ? [`${block.question}\n${block.answer}`] : [],
    )
    .join('\n\n')
}

/** The life book (docs/product.md#book): a draft to choose from, made into a PDF by a job of the runner. */
export function createBookService({ repo, sources, runner, storage, links, render, retell, canRetell, workDir, timeoutMs, maxBooks, log }: Deps) {
  async function retellingsFor(userId: string, options: BookOptions) {
    const kept = new Map<string, { sourceDigest: string; text: string }>()
    for (const key of options.retold) {
      const found = await repo.findRetelling(userId, key, options.language)
      if (found) kept.set(key, found)
    }
    return kept
  }

  /** The plan and the files it names; with links, each recording the author may share gets its printed address. */
  async function planFor(userId: string, options: BookOptions, withLinks: boolean, now: Date): Promise<{ plan: BookPlan; files: Map<string, MediaAsset> }> {
    const material = await gatherMaterial(sources, userId, options)
    const retellings = await retellingsFor(userId, options)
    const draft = buildPlan(material, options, { retellings, now })
    if (!withLinks) return { plan: draft, files: material.files }
    const recordingIds = [
      ...new Set(draft.chapters.flatMap((chapter) => chapter.blocks.flatMap((block) => (block.type === 'photo' ? [] : block.recordings.map((recording) => recording.mediaId))))),
    ]
    const printed = await links.linksFor(userId, recordingIds, { expiry: options.linkExpiry, language: options.language })
    return { plan: buildPlan(material, options, { retellings, links: printed, now }), files: material.files }
  }

  const renderKind: JobKind<{ options: BookOptions }> = {
    name: 'book-render',
    perPerson: 1,
    timeoutMs,
    // Making a book again writes the same file over: safe to repeat on another instance.
    retries: 1,
    async run(job) {
      await repo.update(job.ownerId, job.id, { status: 'running' }, new Date().toISOString())
      const folder = path.join(workDir, `book-${job.id}`)
      await mkdir(folder, { recursive: true, mode: 0o700 })
      try {
        const { plan, files } = await planFor(job.ownerId, job.input.options, true, new Date())
        const photoIds = [
          ...new Set([
            ...(plan.coverPhotoId ? [plan.coverPhotoId] : []),
            ...plan.chapters.flatMap((chapter) => chapter.blocks.flatMap((block) => (block.type === 'photo' ? [block.mediaId] : []))),
          ]),
        ]
        const imageFiles = new Map<string, string>()
        let lastProgress = -1
        const progress = async (value: number) => {
          const rounded = Math.floor(value)
          if (rounded <= lastProgress) return
          lastProgress = rounded
          await job.setProgress(rounded)
        }
        for (const [index, id] of photoIds.entries()) {
          job.signal.throwIfAborted()
          const file = files.get(id)
          if (!file) continue
          const local = path.join(folder, `photo-${index}`)
          await pipeline(await sources.openFile(file), createWriteStream(local, { mode: 0o600 }))
          imageFiles.set(id, local)
          await progress((20 * (index + 1)) / photoIds.length)
        }
        const outFile = path.join(folder, 'book.pdf')
        let pending = Promise.resolve()
        const { pageCount, unprintedPhotoIds } = await render(plan, {
          imageFiles,
          outFile,
          signal: job.signal,
          onProgress: (fraction) => {
            pending = pending.then(() => progress(20 + 75 * fraction)).catch(() => undefined)
          },
        })
        await pending
        // The book is made without them rather than failed; whoever keeps the server learns which.
        if (unprintedPhotoIds.length > 0) log.warn({ bookId: job.id, photoIds: unprintedPhotoIds }, 'photos the book could not print were left out')
        const bytes = (await stat(outFile)).size
        const key = `${bookPrefix(job.ownerId)}${job.id}.pdf`
        if (storage.adoptFile) await storage.adoptFile(key, outFile)
        else await storage.putStream(key, createReadStream(outFile), 'application/pdf', bytes)
        await repo.update(job.ownerId, job.id, { status: 'done', pdfKey: key, pageCount, bytes, errorCode: null }, new Date().toISOString())
        return { pageCount, bytes }
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
    onEnded: async ({ id, ownerId, status, errorCode }) => {
      await repo.update(ownerId, id, { status: status === 'done' ? 'failed' : status, errorCode: errorCode ?? 'internal' }, new Date().toISOString())
    },
  }
  runner.register(renderKind)

  async function viewOf(ownerId: string, row: NonNullable<Awaited<ReturnType<BookRepository['find']>>>): Promise<Book> {
    if (row.status !== 'queued' && row.status !== 'running') return bookOf(row, 0)
    const job = await runner.find(ownerId, row.id).catch(() => undefined)
    return bookOf(job && job.status === 'running' ? { ...row, status: 'running' } : row, job?.progress ?? 0)
  }

  const service = {
    /** Every chapter the book would have, as the preview draws it; nothing is made or linked. */
    async draft(userId: string, options: BookOptions): Promise<BookDraft> {
      return { plan: (await planFor(userId, options, false, new Date())).plan, canRetell }
    },

    /** Queues the book; it is made on whichever instance takes the job, and kept for download. */
    async make(userId: string, options: BookOptions): Promise<Book> {
      if ((await repo.count(userId)) >= maxBooks) throw new AppError('book.too_many', `Keep at most ${maxBooks} books; delete one to make another`)
      const { plan } = await planFor(userId, options, false, new Date())
      if (plan.chapters.length === 0) throw new AppError('book.empty', 'There is nothing to put in this book yet')
      const id = newId()
      await repo.create(userId, id, plan.title, options, new Date().toISOString())
      try {
        await runner.enqueue(renderKind, userId, { options }, { id })
      } catch (error) {
        await repo.remove(userId, id)
        if (error instanceof AppError && error.code === 'job.too_many')
          throw new AppError('book.in_progress', 'One of your books is being made; wait for it to end', undefined, { 'Retry-After': '30' })
        throw error
      }
      return service.get(userId, id)
    },

    async list(userId: string): Promise<Book[]> {
      return Promise.all((await repo.list(userId)).map((row) => viewOf(userId, row)))
    },

    async get(userId: string, id: string): Promise<Book> {
      const row = await repo.find(userId, id)
      if (!row) throw notFound('Book')
      return viewOf(userId, row)
    },

    /** The made PDF, to download. */
    async pdf(userId: string, id: string): Promise<{ stream: Readable; bytes: number; title: string }> {
      const row = await repo.find(userId, id)
      if (!row) throw notFound('Book')
      if (row.status !== 'done' || !row.pdfKey) throw new AppError('book.not_ready', 'This book is not made yet')
      return { stream: await storage.get(row.pdfKey), bytes: Number(row.bytes ?? 0), title: row.title }
    },

    async cancel(userId: string, id: string): Promise<Book> {
      await service.get(userId, id)
      await runner.cancel(userId, id).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'not_found')) throw error
      })
      return service.get(userId, id)
    },

    /** Removes the book and its file; one being made is stopped first. */
    async remove(userId: string, id: string): Promise<void> {
      const book = await service.get(userId, id)
      if (book.status === 'queued' || book.status === 'running') await service.cancel(userId, id)
      const row = await repo.remove(userId, id)
      if (row?.pdfKey) await storage.delete(row.pdfKey).catch((error: unknown) => log.warn({ err: error, bookId: id }, "a book's file could not be removed"))
    },

    /** A chapter retold as prose by a model, kept for the author until the chapter's words change. */
    async retell(userId: string, options: BookOptions, chapterKey: string): Promise<{ chapterKey: string; retelling: string }> {
      // The book is read first: a person of another tree is not found, model or none.
      const { plan } = await planFor(userId, { ...options, retold: [] }, false, new Date())
      const chapter = plan.chapters.find((candidate) => candidate.key === chapterKey)
      if (!chapter) throw notFound('Chapter')
      if (!canRetell) throw new AppError('ai_unavailable', 'Retelling a chapter needs an AI model; the book keeps the texts as written')
      const digest = chapterDigest(chapter)
      const kept = await repo.findRetelling(userId, chapterKey, options.language)
      if (kept?.sourceDigest === digest) return { chapterKey, retelling: kept.text }
      const text = chapterText(chapter)
      if (!text.trim()) throw new AppError('book.nothing_to_retell', 'This chapter holds only photos')
      if (text.length > bookLimits.retellMaxChars) throw new AppError('book.chapter_too_long', 'This chapter is too long to retell at once; take some memories out of it')
      const retelling = (await retell(userId, text, options.language)).trim()
      await repo.keepRetelling(userId, chapterKey, options.language, digest, retelling, new Date().toISOString())
      return { chapterKey, retelling }
    },

    /** Every book file of an account, once its rows are gone. */
    async eraseAllOf(userId: string): Promise<number> {
      const keys: string[] = []
      for await (const key of storage.list(bookPrefix(userId))) keys.push(key)
      for (const key of keys) await storage.delete(key)
      return keys.length
    },
  }
  return service
}
export type BookService = ReturnType<typeof createBookService>
