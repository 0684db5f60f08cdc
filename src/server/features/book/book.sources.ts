import type { MediaAsset } from '../../../shared/contracts/media.ts'
import type { Language } from '../../../shared/limits.ts'
import { AiError, type AiProvider } from '../../integrations/ai/ai-provider.ts'
import { bookEditor } from '../../integrations/ai/personas/book-editor.ts'
import { AppError } from '../../lib/app-error.ts'
import type { AiBudget } from '../../lib/chat/ai-budget.ts'
import type { BiographyService } from '../biography/biography.service.ts'
import type { CircleService } from '../family-tree/family-tree.circle.service.ts'
import { treeAsReaderSees } from '../family-tree/family-tree.reader-view.ts'
import type { FamilyTreeService } from '../family-tree/family-tree.service.ts'
import type { SharingService } from '../family-tree/family-tree.sharing.service.ts'
import type { InterviewService } from '../interviews/interviews.service.ts'
import type { MediaService } from '../media/media.service.ts'
import type { BookSources } from './book.material.ts'
import type { Retell } from './book.service.ts'

interface Services {
  circle: Pick<CircleService, 'require' | 'isClosedToViewers' | 'nameIn'>
  familyTree: Pick<FamilyTreeService, 'getTree'>
  biography: Pick<BiographyService, 'listEntries'>
  interviews: Pick<InterviewService, 'list'>
  sharing: Pick<SharingService, 'sharedAbout'>
  media: Pick<MediaService, 'reachable' | 'getMedia' | 'openContent'>
}

/** What a book reads, through each feature's own service and its rules of who may read what. */
export function bookSourcesFrom({ circle, familyTree, biography, interviews, sharing, media }: Services): BookSources {
  return {
    reader: (userId) => circle.require(userId, 'tree.read'),
    tree: (reader) => treeAsReaderSees(familyTree, reader),
    isClosedToViewers: (reader, memberId) => circle.isClosedToViewers(reader, memberId),
    ownMemories: (userId) => biography.listEntries(userId),
    interviews: (holderId, memberId) => interviews.list(holderId, memberId),
    sharedAbout: (userId, memberId, mentions) => sharing.sharedAbout(userId, memberId, mentions),
    async files(reader, ids) {
      const found = new Map<string, MediaAsset>()
      for (const id of ids) {
        const ownerId = await media.reachable(reader, id, 'read').catch(() => undefined)
        if (ownerId) found.set(id, await media.getMedia(ownerId, id))
      }
      return found
    },
    personName: async (reader, userId) => (reader.treeId ? circle.nameIn(reader.treeId, userId) : ''),
    openFile: (file) => media.openContent(file.ownerUserId, file.id),
  }
}

/**
 * A chapter retold by the model as the book editor: its prompt and its reply are counted in the
 * person's share of the AI budget, as every conversation's are. A provider's failure is the
 * chat's error of the same code.
 */
export function modelRetelling({ provider, budget, timeoutMs }: { provider: AiProvider; budget: Pick<AiBudget, 'reserve' | 'spend'>; timeoutMs: number }): Retell {
  return async (userId: string, text: string, language: Language) => {
    await budget.reserve(userId, bookEditor.systemInstruction[language].length + text.length)
    try {
      const reply = await provider.completeReply({ persona: bookEditor, language, turns: [{ role: 'user', text }], signal: AbortSignal.timeout(timeoutMs) })
      await budget.spend(userId, reply.length).catch(() => undefined)
      return reply
    } catch (error) {
      if (error instanceof AiError) throw new AppError(error.code, 'The chapter could not be retold by the AI model')
      throw error
    }
  }
}
