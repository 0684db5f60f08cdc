import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import type { Dream } from '../../../shared/contracts/dream-diary.ts'
import type { SharedMemory } from '../../../shared/contracts/family-circle.ts'
import type { MemberFacts } from '../../../shared/contracts/family-tree.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import type { BiographyService } from '../biography/biography.service.ts'
import type { DreamDiaryService } from '../dream-diary/dream-diary.service.ts'
import type { TreeCalendar } from '../family-tree/family-tree.calendar.ts'
import type { CircleService, TreeAccess } from '../family-tree/family-tree.circle.service.ts'
import type { FamilyTreeService } from '../family-tree/family-tree.service.ts'
import type { SharingService } from '../family-tree/family-tree.sharing.service.ts'
import type { InterviewService } from '../interviews/interviews.service.ts'
import type { MediaService } from '../media/media.service.ts'

/**
 * What the timeline reads, each through the feature that keeps it and that feature's rules of who
 * may read what; the timeline itself decides only what a viewer may not see of the living.
 */
export interface TimelineSources {
  reader(userId: string): Promise<TreeAccess>
  /** `not_found` for a member outside the reader's tree. */
  memberFacts(reader: TreeAccess, memberId: string): Promise<MemberFacts>
  isClosedToViewers(reader: TreeAccess, memberId: string): Promise<boolean>
  unionsOf(reader: TreeAccess, memberId: string): Promise<{ unionId: string; spouseId: string | null; marriageDate: string | null; marriagePlace: string }[]>
  ownMemories(userId: string): Promise<BiographyEntry[]>
  sharedAbout(userId: string, memberId: string, mentions: (text: string) => boolean): Promise<SharedMemory[]>
  interviews(reader: TreeAccess, memberId: string): Promise<InterviewSession[]>
  photos(reader: TreeAccess, memberId: string): Promise<MediaAsset[]>
  dreams(userId: string): Promise<Dream[]>
  calendar: TreeCalendar
}

interface Services {
  circle: Pick<CircleService, 'require' | 'isClosedToViewers'>
  familyTree: Pick<FamilyTreeService, 'getMemberFacts' | 'unionsOf'>
  biography: Pick<BiographyService, 'listEntries'>
  sharing: Pick<SharingService, 'sharedAbout'>
  interviews: Pick<InterviewService, 'list'>
  media: Pick<MediaService, 'listFor'>
  dreams: Pick<DreamDiaryService, 'listDreams'>
  calendar: TreeCalendar
}

export function timelineSourcesFrom({ circle, familyTree, biography, sharing, interviews, media, dreams, calendar }: Services): TimelineSources {
  return {
    reader: (userId) => circle.require(userId, 'tree.read'),
    memberFacts: (reader, memberId) => familyTree.getMemberFacts(reader.holderId, memberId, reader.userId),
    isClosedToViewers: (reader, memberId) => circle.isClosedToViewers(reader, memberId),
    unionsOf: (reader, memberId) => familyTree.unionsOf(reader.holderId, memberId),
    ownMemories: (userId) => biography.listEntries(userId),
    sharedAbout: (userId, memberId, mentions) => sharing.sharedAbout(userId, memberId, mentions),
    interviews: (reader, memberId) => interviews.list(reader.holderId, memberId),
    photos: (reader, memberId) => media.listFor(reader.holderId, 'member', memberId),
    dreams: (userId) => dreams.listDreams(userId),
    calendar,
  }
}
