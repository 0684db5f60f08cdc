import { roleMay } from '../../../shared/family-tree/roles.ts'
import type { AiLabService } from '../ai-lab/ai-lab.service.ts'
import type { BiographyService } from '../biography/biography.service.ts'
import type { DreamDiaryService } from '../dream-diary/dream-diary.service.ts'
import type { CircleService } from '../family-tree/family-tree.circle.service.ts'
import type { FamilyTreeService } from '../family-tree/family-tree.service.ts'
import type { InterviewService } from '../interviews/interviews.service.ts'
import type { ConstellationSources } from './constellations.service.ts'

interface Services {
  circle: Pick<CircleService, 'require'>
  familyTree: { reads: Pick<FamilyTreeService['reads'], 'mentionables'> }
  biography: Pick<BiographyService, 'listEntries'>
  dreams: Pick<DreamDiaryService, 'listDreams'>
  aiLab: Pick<AiLabService, 'listMemories'>
  interviews: Pick<InterviewService, 'allAnswers'>
}

/** What a constellation reads, through each feature's own service and its rules of who may read what. */
export function constellationSourcesFrom({ circle, familyTree, biography, dreams, aiLab, interviews }: Services): ConstellationSources {
  return {
    reader: (userId) => circle.require(userId, 'tree.read'),
    tree: (reader) => familyTree.reads.mentionables(reader.holderId, { seesLiving: roleMay(reader.role, 'tree.see-living') }),
    ownMemories: (userId) => biography.listEntries(userId),
    dreams: (userId) => dreams.listDreams(userId),
    stories: (userId) => aiLab.listMemories(userId),
    interviews: (holderId) => interviews.allAnswers(holderId),
  }
}
