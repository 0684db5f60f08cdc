import { defaultLanguage, type Language } from '../../../shared/limits.ts'
import type { LinkExpiry, ListeningLink } from '../../../shared/contracts/book.ts'
import { toIsoString } from '../../db/timestamps.ts'
import { notFound } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import type { StoredObject } from '../../lib/stored-object-reply.ts'
import type { ListeningRepository } from './listening.repository.ts'
import type { ListeningLinkRow } from './listening.tables.ts'
import { newListeningToken, readListeningToken } from './listening.token.ts'

/** What the listening links need of the media feature: its recordings by id, whoever keeps them. */
export interface RecordingSource {
  find(ids: string[]): Promise<Map<string, { title: string; contentType: string; authorId: string }>>
  locate(id: string): Promise<(StoredObject & { title: string }) | undefined>
}

interface Deps {
  repo: ListeningRepository
  recordings: RecordingSource
  /** The address people reach this server at (PUBLIC_URL): the printed links name it. */
  publicOrigin: string
  /** The language the account chose, for a link made from the app without one. */
  languageOf(userId: string): Promise<Language | null>
  now?: () => Date
}

/** When a link made now with this choice stops answering (null: never). */
export function expiryOf(expiry: LinkExpiry, now: Date): Date | null {
  if (expiry === 'never') return null
  const at = new Date(now)
  at.setUTCFullYear(at.getUTCFullYear() + Number(expiry.slice(0, -1)))
  return at
}

/** A link that lasts at least as long as one asked to end at `wanted` (null: never) serves for it. */
function lastsUntil(row: ListeningLinkRow, wanted: Date | null): boolean {
  if (row.expiresAt === null) return true
  return wanted !== null && new Date(row.expiresAt).getTime() >= wanted.getTime()
}

/**
 * Listening links (docs/product.md#listening-links): a recording played without signing in by
 * whoever holds its unguessable token. Only a recording's author links it; a link is its maker's,
 * revoked by deleting it.
 */
export function createListeningService({ repo, recordings, publicOrigin, languageOf, now = () => new Date() }: Deps) {
  const urlOf = (token: string) => `${publicOrigin}/l/${token}`

  /** The recordings among `mediaIds` this person may link: sound or video they recorded or added themselves. */
  async function linkable(userId: string, mediaIds: string[]) {
    const found = await recordings.find(mediaIds)
    return new Map([...found].filter(([, recording]) => recording.authorId === userId))
  }

  async function make(userId: string, mediaId: string, language: Language, expiresAt: Date | null): Promise<ListeningLinkRow> {
    const row = { id: newId(), ownerUserId: userId, mediaId, token: newListeningToken(), language, createdAt: now().toISOString(), expiresAt: expiresAt?.toISOString() ?? null }
    await repo.insert(row)
    return row
  }

  /**
   * For each recording the person may link, a link that answers at least until `expiresAt` in
   * `language`: one they have already, or a new one. Other recordings (another person's, a photo)
   * are absent from the answer.
   */
  async function linksFor(userId: string, mediaIds: string[], { expiresAt, language }: { expiresAt: Date | null; language: Language }): Promise<Map<string, ListeningLinkRow>> {
    const mine = await linkable(userId, mediaIds)
    const live = await repo.liveLinks(userId, [...mine.keys()], language, now().toISOString())
    const links = new Map<string, ListeningLinkRow>()
    for (const row of live) if (lastsUntil(row, expiresAt) && !links.has(row.mediaId)) links.set(row.mediaId, row)
    for (const mediaId of mine.keys()) if (!links.has(mediaId)) links.set(mediaId, await make(userId, mediaId, language, expiresAt))
    return links
  }

  const toLink = (row: ListeningLinkRow, title: string): ListeningLink => ({
    id: row.id,
    mediaId: row.mediaId,
    title,
    url: urlOf(row.token),
    createdAt: toIsoString(row.createdAt),
    expiresAt: row.expiresAt === null ? null : toIsoString(row.expiresAt),
  })

  return {
    /** The printed address of each recording the person may link, by media id (the book's job asks). */
    async linksFor(userId: string, mediaIds: string[], options: { expiresAt: Date | null; language: Language }): Promise<Map<string, string>> {
      const links = await linksFor(userId, mediaIds, options)
      return new Map([...links].map(([mediaId, row]) => [mediaId, urlOf(row.token)]))
    },

    /** A link to one of the person's own recordings, made from the app; another's, or no recording, is not found. */
    async create(userId: string, input: { mediaId: string; expiry: LinkExpiry; language?: Language | undefined }): Promise<ListeningLink> {
      const language = input.language ?? (await languageOf(userId)) ?? defaultLanguage
      const links = await linksFor(userId, [input.mediaId], { expiresAt: expiryOf(input.expiry, now()), language })
      const row = links.get(input.mediaId)
      if (!row) throw notFound('Recording')
      const title = (await recordings.find([row.mediaId])).get(row.mediaId)?.title ?? ''
      return toLink(row, title)
    },

    /** The person's links, newest first, those past their end too (until revoked). */
    async list(userId: string): Promise<ListeningLink[]> {
      const rows = await repo.list(userId)
      const found = await recordings.find(rows.map((row) => row.mediaId))
      return rows.map((row) => toLink(row, found.get(row.mediaId)?.title ?? ''))
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound('Listening link')
    },

    /** Answers how many were revoked. */
    revokeAll: (userId: string): Promise<number> => repo.deleteAll(userId),

    /** What a token opens while it answers: the recording and the page's language; undefined for any other token. */
    async open(typedToken: string): Promise<{ language: Language; recording: StoredObject & { title: string } } | undefined> {
      const token = readListeningToken(typedToken)
      const row = token && (await repo.findLiveByToken(token, now().toISOString()))
      if (!row) return undefined
      const recording = await recordings.locate(row.mediaId)
      return recording && { language: row.language as Language, recording }
    },
  }
}
export type ListeningService = ReturnType<typeof createListeningService>
