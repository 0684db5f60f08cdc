import type { AiLabMemory } from '../../../shared/contracts/ai-lab.ts'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import type { Constellation } from '../../../shared/contracts/constellations.ts'
import type { Dream } from '../../../shared/contracts/dream-diary.ts'
import { storedDateText } from '../../../shared/genealogy-date/stored.ts'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { excerptOf } from '../../../shared/text/excerpt.ts'
import { foundItemId } from '../../../shared/search/found-item.ts'
import type { MentionableTree } from '../family-tree/family-tree.mentionables.ts'
import { buildConstellation, defaultLimits, type ToldItem } from './constellations.stars.ts'

/** An answer told about someone of the tree, as a constellation reads it. */
export interface ToldAnswer {
  id: string
  memberId: string
  question: string | null
  answer: string
  timestamp: string
}

/**
 * What a constellation reads of the other features, each through its own service and its rules of
 * who may read what: the composition root (app.ts) fills it.
 */
export interface ConstellationSources {
  /** The tree the person's pages show, with their role there. */
  reader(userId: string): Promise<TreeActor>
  /** The tree's names and places as the reader may see them: a viewer meets a hidden living person by name only, without places or interviews. */
  tree(reader: TreeActor): Promise<MentionableTree>
  ownMemories(userId: string): Promise<BiographyEntry[]>
  dreams(userId: string): Promise<Dream[]>
  stories(userId: string): Promise<AiLabMemory[]>
  /** Every answer told about the tree's people. */
  interviews(holderId: string): Promise<ToldAnswer[]>
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

function interviewItem(told: ToldAnswer): ToldItem {
  return {
    mention: {
      key: `interview:${told.id}`,
      kind: 'interview',
      title: excerptOf(told.answer),
      date: day(told.timestamp),
      path: `/story/${encodeURIComponent(told.memberId)}`,
    },
    text: joined(told.question, told.answer),
    dates: [],
    subjectMemberId: told.memberId,
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
      const [memories, dreams, stories, answers] = await Promise.all([
        sources.ownMemories(userId),
        sources.dreams(userId),
        sources.stories(userId),
        sources.interviews(reader.holderId),
      ])
      const told: ToldItem[] = [...memories.map(memoryItem), ...dreams.map(dreamItem), ...stories.map(storyItem)]
      // Nothing told, no stars: the tree's names (100,000 of them, after an import) are not read for nothing.
      if (told.length === 0 && answers.length === 0) return { stars: [], links: [], mentions: [], toldCount: 0 }
      const tree = await sources.tree(reader)
      // What was told about a person a viewer meets by name only is not read for them.
      const open = new Set(tree.members.filter((member) => !member.isClosed).map((member) => member.memberId))
      for (const answer of answers) if (open.has(answer.memberId)) told.push(interviewItem(answer))
      return buildConstellation(tree, told, { ...defaultLimits, thisYear: now().getUTCFullYear() })
    },
  }
}

export type ConstellationService = ReturnType<typeof createConstellationService>
