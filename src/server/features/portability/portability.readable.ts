import type { FamilyTree, Member } from '../../../shared/contracts/family-tree.ts'
import type { PortableAccount, PortableBiographyEntry, PortableInterviewSession, PortableMedia } from '../../../shared/contracts/portability.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import { asStoredDateOrNull } from '../../../shared/genealogy-date/index.ts'
import { defaultLanguage } from '../../../shared/limits.ts'
import { chaptersOfLife, storyConversationsOf, storyMemoryOf, type StoryMemory } from '../../../shared/story/index.ts'
import { nextTurn } from '../../lib/cooperative.ts'
import { fileSlug } from '../../lib/file-slug.ts'
import { myStoryHtml, relativeStoryHtml, type ReadablePhoto } from './readable-html.ts'

/** A page of the archive for people rather than programs: listed in the manifest, never imported. */
export interface ReadableFile {
  path: string
  description: string
  html: string
}

export const myStoryPath = 'historia.html'

interface ReadableSource {
  account: PortableAccount
  familyTree: FamilyTree
  biographyEntries: readonly PortableBiographyEntry[]
  interviewSessions: readonly PortableInterviewSession[]
  media: readonly PortableMedia[]
}

/** Adds `item` to the list under `key`, in place: copying the list each time grows as its square. */
function addTo<Item>(lists: Map<string, Item[]>, key: string, item: Item) {
  const list = lists.get(key)
  if (list) list.push(item)
  else lists.set(key, [item])
}

const fullName = (member: Pick<Member, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`.trim()

/**
 * The archive's readable story (docs/export-format.md#readable-files): `historia.html`, and a
 * `historia-<name>.html` for each relative someone was interviewed about, in the account's
 * language. Photos point at the files the archive already holds, by relative path. Each relative's
 * page is written in a turn of its own: a relative holds at most a few thousand answers, a tree
 * may hold a hundred relatives with a thousand conversations each, and other people's requests
 * wait for no more than one page.
 */
export async function readableStories({ account, familyTree, biographyEntries, interviewSessions, media }: ReadableSource, now: Date): Promise<ReadableFile[]> {
  const language = account.preferredLanguage ?? defaultLanguage
  // Joined through maps: an account may hold thousands of memories and files.
  const photosByEntry = new Map<string, ReadablePhoto[]>()
  const photosByMember = new Map<string, ReadablePhoto[]>()
  const images = media.filter((asset) => asset.contentType.startsWith('image/')).sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt))
  for (const asset of images) {
    const photo = { path: asset.path, caption: asset.caption }
    for (const id of asset.links.biographyEntryIds) addTo(photosByEntry, id, photo)
    for (const id of asset.links.memberIds) addTo(photosByMember, id, photo)
  }
  const self = familyTree.members.find(isSelfMember)

  const sessionsByMember = new Map<string, PortableInterviewSession[]>()
  for (const session of interviewSessions) addTo(sessionsByMember, session.interviewedMemberId, session)
  const usedPaths = new Set([myStoryPath])
  const relatives: { name: string; path: string; html: string }[] = []
  for (const member of familyTree.members) {
    const sessions = sessionsByMember.get(member.memberId)
    if (!sessions) continue
    await nextTurn()
    const conversations = storyConversationsOf(sessions, () => [])
    if (conversations.length === 0) continue
    const name = fullName(member)
    const slug = fileSlug(name) || 'familiar'
    let path = `historia-${slug}.html`
    for (let count = 2; usedPaths.has(path); count += 1) path = `historia-${slug}-${count}.html`
    usedPaths.add(path)
    const photos = photosByMember.get(member.memberId) ?? []
    relatives.push({ name, path, html: relativeStoryHtml({ language, name, conversations, photos, now }) })
  }
  await nextTurn()

  const memories = biographyEntries.map((entry) => storyMemoryOf({ ...entry, title: entry.title ?? '', eventDate: entry.eventDate ?? null }, []))
  const photosOf = (memory: StoryMemory) => photosByEntry.get(memory.id) ?? []
  const birthDate = self?.birthDate ?? asStoredDateOrNull(account.birthDate ?? null)
  const mine = myStoryHtml({
    language,
    name: self ? fullName(self) : account.displayName,
    chapters: chaptersOfLife(memories, birthDate),
    photosOf,
    relatives: relatives.map(({ name, path }) => ({ name, path })),
    now,
  })
  return [
    { path: myStoryPath, description: 'Your memories as a story, by the stages of your life, to read or print in any browser', html: mine },
    ...relatives.map(({ name, path, html }) => ({ path, description: `What the interviews told of ${name}, to read or print in any browser`, html })),
  ]
}
