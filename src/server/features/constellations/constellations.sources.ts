import type { AiLabService } from '../ai-lab/ai-lab.service.ts'
import type { BiographyService } from '../biography/biography.service.ts'
import type { DreamDiaryService } from '../dream-diary/dream-diary.service.ts'
import type { CircleService } from '../family-tree/family-tree.circle.service.ts'
import { treeAsReaderSees } from '../family-tree/family-tree.reader-view.ts'
import type { FamilyTreeService } from '../family-tree/family-tree.service.ts'
import type { InterviewService } from '../interviews/interviews.service.ts'
import type { ConstellationSources } from './constellations.service.ts'

interface Services {
  circle: Pick<CircleService, 'require'>
  familyTree: Pick<FamilyTreeService, 'getTree'>
  biography: Pick<BiographyService, 'listEntries'>
  dreams: Pick<DreamDiaryService, 'listDreams'>
  aiLab: Pick<AiLabService, 'listMemories'>
  interviews: Pick<InterviewService, 'list'>
}

/** What a constellation reads, through each feature's own service and its rules of who may read what. */
export function constellationSourcesFrom({ circle, familyTree, biography, dreams, aiLab, interviews }: Services): ConstellationSources {
  return {
    reader: (userId) => circle.require(userId, 'tree.read'),
    tree: (reader) => treeAsReaderSees(familyTree, reader),
    ownMemories: (userId) => biography.listEntries(userId),
    dreams: (userId) => dreams.listDreams(userId),
    stories: (userId) => aiLab.listMemories(userId),
    interviews: (holderId, memberId) => interviews.list(holderId, memberId),
  }
}
