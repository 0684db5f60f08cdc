import { describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import type { PortableAccount, PortableInterviewSession } from '../../../shared/contracts/portability.ts'
import { readableStories } from './portability.readable.ts'

const account = (overrides: Partial<PortableAccount> = {}): PortableAccount => ({
  displayName: 'Rosa Díaz',
  email: 'rosa@example.org',
  birthDate: null,
  familyRelation: '',
  preferredLanguage: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})
// Only what the readable pages read of a tree: who each member is.
const tree = (...members: { memberId: string; firstName: string; lastName: string }[]) =>
  ({ tree: null, unions: [], members: members.map((member) => ({ ...member, isSelf: false, relationshipToOwner: 'Tía', birthDate: null })) }) as unknown as FamilyTree
const session = (id: string, memberId: string, answer: string): PortableInterviewSession => ({
  id,
  interviewedMemberId: memberId,
  timestamp: '2026-05-17T10:00:00.000Z',
  conversationPair: [{ role: 'user', text: answer }],
})
const now = new Date('2026-11-28T12:00:00.000Z')

describe('readableStories', () => {
  it('names each relative’s page by their name, apart when two share it, in the account’s language', async () => {
    const files = await readableStories(
      {
        account: account(),
        familyTree: tree(
          { memberId: 'a', firstName: 'María José', lastName: 'Peña' },
          { memberId: 'b', firstName: 'María José', lastName: 'Peña' },
          { memberId: 'c', firstName: '✿', lastName: '' },
        ),
        biographyEntries: [],
        interviewSessions: [session('s1', 'a', 'Cosía.'), session('s2', 'b', 'Cantaba.'), session('s3', 'c', 'Reía.')],
        media: [],
      },
      now,
    )
    expect(files.map((file) => file.path)).toEqual(['historia.html', 'historia-maria-jose-pena.html', 'historia-maria-jose-pena-2.html', 'historia-familiar.html'])
    expect(files[0]!.html).toContain('<html lang="en">')
    expect(files[0]!.html).toContain('<p>No memories have been saved yet.</p>')
    expect(files[1]!.html).toContain('<h1>The story of María José Peña</h1>')
  })

  it('groups the memories by decade when neither the tree nor the account knows the birth date, and by stage with the account’s', async () => {
    const biographyEntries = [
      {
        id: 'e1',
        subjectMemberId: null,
        conversationPair: [{ role: 'user' as const, parts: [{ text: 'Bailábamos.' }] }],
        title: '',
        eventDate: '1962',
        entryDate: now.toISOString(),
        updatedAt: now.toISOString(),
      },
    ]
    const without = await readableStories({ account: account({ preferredLanguage: null }), familyTree: tree(), biographyEntries, interviewSessions: [], media: [] }, now)
    expect(without[0]!.html).toContain('<h2>La década de 1960</h2>')
    const withBirth = await readableStories(
      { account: account({ preferredLanguage: 'fr', birthDate: '1945-02-01' }), familyTree: tree(), biographyEntries, interviewSessions: [], media: [] },
      now,
    )
    expect(withBirth[0]!.html).toContain('<h2>Jeunesse</h2>')
  })
})
