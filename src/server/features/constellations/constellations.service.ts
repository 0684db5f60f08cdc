import type { AiLabMemory } from '../../../shared/contracts/ai-lab.ts'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import type { Constellation } from '../../../shared/contracts/constellations.ts'
import type { Dream } from '../../../shared/contracts/dream-diary.ts'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import { storedDateText } from '../../../shared/genealogy-date/stored.ts'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { excerptOf } from '../../../shared/text/excerpt.ts'
import { foundItemId } from '../../../shared/search/found-item.ts'
import { buildConstellation, defaultLimits, type ToldItem } from './constellations.stars.ts'

/**
 * What a constellation reads of the other features, each through its own service and its rules of
 * who may read what: the composition root (app.ts) fills it.
 */
export interface ConstellationSources {
  /** The tree the person's pages show, with their role there. */
  reader(userId: string): Promise<TreeActor>
  /** The tree as the reader may see it: a viewer meets a hidden living person by name only, without places, dates or interviews. */
  tree(reader: TreeActor): Promise<FamilyTree>
  ownMemories(userId: string): Promise<BiographyEntry[]>
  dreams(userId: string): Promise<Dream[]>
  stories(userId: string): Promise<AiLabMemory[]>
  interviews(holderId: string, memberId: string): Promise<InterviewSession[]>
}

const day = (timestamp: string) => timestamp.slice(0, 10)

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join('\n')

function memoryItem(entry: BiographyEntry): ToldItem {
  return {
    mention: {
      key: `memory:${entry.id}`,
      kind: 'memory',
      title: entry.title || excerptOf(entry.answer),
      date: day(entry.entryDate),
      path: `/my-story#${foundItemId('memory', entry.id)}`,
    },
    text: joined(entry.title, entry.question, entry.answer),
    // Every year the date names («BET 1850 AND 1860» names two) is a year of the memory.
    dates: entry.eventDate ? [storedDateText(entry.eventDate)] : [],
    // The subject of one's own memory is always oneself: a star joined to everything says nothing.
    subjectMemberId: null,
  }
}

function dreamItem(dream: Dream): ToldItem {
  return {
    mention: {
      key: `dream:${dream.id}`,
      kind: 'dream',
      title: dream.title || excerptOf(dream.content),
      date: dream.dreamDate ?? day(dream.entryDate),
      path: `/my-dreams#${foundItemId('dream', dream.id)}`,
    },
    text: joined(dream.title, dream.content),
    dates: dream.dreamDate ? [dream.dreamDate] : [],
    subjectMemberId: null,
  }
}

function storyItem(story: AiLabMemory): ToldItem {
  return {
    mention: { key: `story:${story.id}`, kind: 'story', title: excerptOf(story.originalText), date: day(story.timestamp), path: '/ai-lab?tab=memory' },
    // The model's variation is a fantasy: only the person's own words are read.
    text: story.originalText,
    dates: [],
    subjectMemberId: null,
  }
}

function interviewItem(session: InterviewSession): ToldItem {
  return {
    mention: {
      key: `interview:${session.id}`,
      kind: 'interview',
      title: excerptOf(session.answer),
      date: day(session.timestamp),
      path: `/story/${encodeURIComponent(session.interviewedMemberId)}`,
    },
    text: joined(session.question, session.answer),
    dates: [],
    subjectMemberId: session.interviewedMemberId,
  }
}

/**
 * The AI lab's constellations (docs/product.md#ai-lab): found without a model, in the person's
 * own memories, dreams and lab stories and in the interviews of the tree they see.
 */
export function createConstellationService({ sources, now = () => new Date() }: { sources: ConstellationSources; now?: () => Date }) {
  return {
    async constellation(userId: string): Promise<Constellation> {
      const reader = await sources.reader(userId)
      const [tree, memories, dreams, stories] = await Promise.all([sources.tree(reader), sources.ownMemories(userId), sources.dreams(userId), sources.stories(userId)])
      const told: ToldItem[] = [...memories.map(memoryItem), ...dreams.map(dreamItem), ...stories.map(storyItem)]
      // A closed member's interviews are already gone from the tree a viewer reads (no segments).
      for (const member of tree.members) {
        if (member.interviewSegments.length === 0) continue
        for (const session of await sources.interviews(reader.holderId, member.memberId)) told.push(interviewItem(session))
      }
      return buildConstellation(tree, told, { ...defaultLimits, thisYear: now().getUTCFullYear() })
    },
  }
}

export type ConstellationService = ReturnType<typeof createConstellationService>
