import type { Dream } from '../../../shared/contracts/dream-diary.ts'
import type { PortableDream } from '../../../shared/contracts/portability.ts'
import { notFound } from '../../lib/app-error.ts'
import { newId } from '../../lib/ids.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import type { DreamRepository } from './dream-diary.repository.ts'
import type { DreamEntryRow } from './dream-diary.tables.ts'

/** Input after `createDreamSchema`: trimmed, description present. */
export interface NewDream {
  title: string
  content: string
  dreamDate?: string | null
}

export type DreamPatch = Partial<NewDream>

function toDream(row: DreamEntryRow): Dream {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    dreamDate: row.dreamDate,
    entryDate: toIsoString(row.entryDate),
    updatedAt: toIsoString(row.updatedAt),
  }
}

export function createDreamDiaryService({ repo }: { repo: DreamRepository }) {
  return {
    /** Newest first. */
    async listDreams(userId: string): Promise<Dream[]> {
      return (await repo.listByAuthor(userId)).map(toDream)
    },

    async getDream(userId: string, id: string): Promise<Dream> {
      const row = await repo.findById(userId, id)
      if (!row) throw notFound('Dream')
      return toDream(row)
    },

    async createDream(userId: string, input: NewDream): Promise<Dream> {
      const now = nowIso()
      const row = await repo.insert({
        id: newId(),
        authorUserId: userId,
        title: input.title,
        content: input.content,
        dreamDate: input.dreamDate ?? null,
        entryDate: now,
        updatedAt: now,
      })
      return toDream(row)
    },

    async updateDream(userId: string, id: string, patch: DreamPatch): Promise<Dream> {
      const row = await repo.update(userId, id, {
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.content === undefined ? {} : { content: patch.content }),
        ...(patch.dreamDate === undefined ? {} : { dreamDate: patch.dreamDate }),
        updatedAt: nowIso(),
      })
      if (!row) throw notFound('Dream')
      return toDream(row)
    },

    async deleteDream(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound('Dream')
    },

    /** Every dream of the user, for their export. */
    async exportDreams(userId: string): Promise<PortableDream[]> {
      return (await repo.listByAuthor(userId)).map(({ authorUserId: _author, ...dream }) => ({
        ...dream,
        entryDate: toIsoString(dream.entryDate),
        updatedAt: toIsoString(dream.updatedAt),
      }))
    },

    /** Dreams from an export, already given their new ids, with the dates they were written: all or none. */
    async restoreDreams(userId: string, dreams: PortableDream[]): Promise<void> {
      await repo.insertMany(dreams.map((dream) => ({ ...dream, dreamDate: dream.dreamDate ?? null, authorUserId: userId })))
    },
  }
}
export type DreamDiaryService = ReturnType<typeof createDreamDiaryService>
