import type { Readable } from 'node:stream'
import type { BiographyEntry } from '../../../shared/contracts/biography.ts'
import type { BookOptions } from '../../../shared/contracts/book.ts'
import type { SharedMemory } from '../../../shared/contracts/family-circle.ts'
import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import type { InterviewSession } from '../../../shared/contracts/interviews.ts'
import type { MediaAsset } from '../../../shared/contracts/media.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import type { TreeActor } from '../../../shared/family-tree/roles.ts'
import { notFound } from '../../lib/app-error.ts'
import { firstNameCounts, namesIn } from '../../../shared/family-tree/mentions.ts'

export type BookReader = TreeActor & { treeId: string | null }

/**
 * What a book reads of the other features, each through its own service and its own rules of who
 * may read what: the composition root (app.ts) fills it. Nothing here reads another feature's tables.
 */
export interface BookSources {
  /** The tree the author's pages show, with their role there. */
  reader(userId: string): Promise<BookReader>
  /** The tree as the reader may see it (a viewer meets the living by name only). */
  tree(reader: BookReader): Promise<FamilyTree>
  /** A viewer meets a living person, not opened up, as a name: none of their stories. */
  isClosedToViewers(reader: BookReader, memberId: string): Promise<boolean>
  ownMemories(userId: string): Promise<BiographyEntry[]>
  interviews(holderId: string, memberId: string): Promise<InterviewSession[]>
  /** Memories shared into the tree about the member, or whose words name them (`mentions`). */
  sharedAbout(userId: string, memberId: string, mentions: (text: string) => boolean): Promise<SharedMemory[]>
  /** The files the reader may read, by id; others are left out. */
  files(reader: BookReader, ids: string[]): Promise<Map<string, MediaAsset>>
  /** How the tree names one of its people (the name they have in the circle); '' for none. */
  personName(reader: BookReader, userId: string): Promise<string>
  openFile(file: MediaAsset): Promise<Readable>
}

/** One person the book tells of: their memories (their own, told to Cronos), interviews, shared memories and photos. */
export interface PersonMaterial {
  /** Null for an own book told by an account with no card of its own in the tree. */
  member: Member | null
  memories: BiographyEntry[]
  interviews: InterviewSession[]
  shared: SharedMemory[]
  photoIds: string[]
}

/** Everything a book is made from, read once; the plan is built from it without reading anything else. */
export interface BookMaterial {
  authorUserId: string
  tree: FamilyTree
  /** The book's person (a person's book), or the author's own card (the family book), when there is one. */
  subject: Member | null
  /** The people the book has chapters for: one for a person's book, each with something told for the family's. */
  persons: PersonMaterial[]
  files: Map<string, MediaAsset>
  /** How the tree names each teller who is not the author. */
  tellers: Map<string, string>
}

/** People a family book gives a chapter: those with something told about them. */
const hasStories = (member: Member) => member.isSelf || member.interviewSegments.length > 0 || member.mediaAssetIds.length > 0

/**
 * Reads what the book needs, as the author may read it: a relative closed to a viewer brings a
 * chapter with nothing in it, another person's private memory is never read, and files are only
 * those the author reaches.
 */
export async function gatherMaterial(sources: BookSources, authorUserId: string, options: BookOptions): Promise<BookMaterial> {
  const reader = await sources.reader(authorUserId)
  const tree = await sources.tree(reader)
  const byId = new Map(tree.members.map((member) => [member.memberId, member]))
  const self = tree.members.find(isSelfMember) ?? null
  let subject: Member | null
  let chosen: Member[]
  if (options.kind === 'family') {
    subject = self
    chosen = tree.members.filter(hasStories)
  } else {
    subject = options.memberId ? (byId.get(options.memberId) ?? null) : self
    if (options.memberId && !subject) throw notFound('Member')
    chosen = subject ? [subject] : []
  }

  const ownMemories = options.include.memories ? await sources.ownMemories(authorUserId) : []
  const counts = firstNameCounts(tree.members)
  const persons: PersonMaterial[] = []
  // A family book prints each memory once: the author's own in their chapter, a shared one in the first chapter it belongs to.
  const placed = new Set(options.kind === 'family' ? ownMemories.map((entry) => entry.id) : [])
  const once = <Item extends { id: string }>(items: Item[]) =>
    options.kind === 'family'
      ? items.filter((item) => {
          if (placed.has(item.id)) return false
          placed.add(item.id)
          return true
        })
      : items
  for (const member of chosen) {
    const isClosed = await sources.isClosedToViewers(reader, member.memberId)
    const isAuthor = member.memberId === self?.memberId
    persons.push({
      member,
      memories: isAuthor || (options.kind === 'person' && !options.memberId) ? ownMemories : [],
      interviews: !isClosed && options.include.interviews && member.interviewSegments.length > 0 ? await sources.interviews(reader.holderId, member.memberId) : [],
      shared: !isClosed && !isAuthor && options.include.memories ? once(await sources.sharedAbout(authorUserId, member.memberId, namesIn(member, counts))) : [],
      photoIds: !isClosed && options.include.photos ? member.mediaAssetIds : [],
    })
  }
  // An own book with no card of one's own still tells the memories.
  if (persons.length === 0 && options.kind === 'person' && ownMemories.length > 0) {
    persons.push({ member: null, memories: ownMemories, interviews: [], shared: [], photoIds: [] })
  }

  const fileIds = new Set<string>()
  for (const person of persons) {
    for (const id of person.photoIds) fileIds.add(id)
    for (const entry of person.memories) for (const id of entry.mediaAssetIds) fileIds.add(id)
    for (const session of person.interviews) for (const id of session.mediaAssetIds) fileIds.add(id)
    for (const memory of person.shared) for (const id of memory.mediaAssetIds) fileIds.add(id)
  }
  const files = await sources.files(reader, [...fileIds])

  const tellerIds = new Set<string>()
  for (const person of persons) for (const session of person.interviews) if (session.authorUserId !== authorUserId) tellerIds.add(session.authorUserId)
  const tellers = new Map<string, string>()
  for (const id of tellerIds) {
    const name = await sources.personName(reader, id)
    if (name) tellers.set(id, name)
  }
  return { authorUserId, tree, subject, persons, files, tellers }
}
