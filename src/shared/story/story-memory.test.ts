import { describe, expect, it } from 'vitest'
import { storedDateText } from '../genealogy-date/index.ts'
import { storyConversationsOf, storyMemoryOf } from './story-memory.ts'
import { chapterTitle, dayInWords, memoryDateText } from './story-words.ts'

const entry = {
  id: 'e1',
  title: '  La casa de la abuela ',
  eventDate: 'ABT 1950',
  entryDate: '2026-05-17T09:00:00.000Z',
  conversationPair: [
    { role: 'user' as const, parts: [{ text: 'Vivíamos junto al río.' }, { text: 'Había un nogal.' }] },
    { role: 'model' as const, parts: [{ text: 'Qué bonito. ¿Y la escuela?' }] },
  ],
}

describe('storyMemoryOf', () => {
  it('keeps the person’s own words, the title and the date, and leaves the assistant’s reply out', () => {
    const memory = storyMemoryOf(entry, ['m1'])
    expect(memory).toMatchObject({ id: 'e1', title: 'La casa de la abuela', savedAt: entry.entryDate, mediaAssetIds: ['m1'] })
    expect(memory.exchanges).toEqual([{ question: null, answer: 'Vivíamos junto al río.\nHabía un nogal.' }])
    expect(memory.eventDate && storedDateText(memory.eventDate)).toBe('ABT 1950')
  })

  it('reads an empty date as none', () => {
    expect(storyMemoryOf({ ...entry, eventDate: '' }, []).eventDate).toBeNull()
    expect(storyMemoryOf({ ...entry, eventDate: null }, []).eventDate).toBeNull()
  })
})

describe('storyConversationsOf', () => {
  const session = (id: string, timestamp: string, text: string) => ({
    id,
    timestamp,
    conversationPair: [
      { role: 'user' as const, text },
      { role: 'model' as const, text: 'Gracias.' },
    ],
  })

  it('groups the sessions of one day into one conversation, oldest first, with their recordings', () => {
    const sessions = [
      session('s3', '2026-05-18T10:00:00.000Z', 'Tercera'),
      session('s2', '2026-05-17T10:05:00.000Z', 'Segunda'),
      session('s1', '2026-05-17T10:00:00.000Z', 'Primera'),
    ]
    const conversations = storyConversationsOf(sessions, (id) => (id === 's2' ? ['voice'] : []))
    expect(conversations.map((c) => [c.startedAt, c.exchanges.map((e) => e.answer), c.mediaAssetIds])).toEqual([
      ['2026-05-17T10:00:00.000Z', ['Primera', 'Segunda'], ['voice']],
      ['2026-05-18T10:00:00.000Z', ['Tercera'], []],
    ])
  })
})

describe('the story’s words', () => {
  it('says dates and chapters in the reader’s language, Spanish for any other', () => {
    expect(memoryDateText(storyMemoryOf(entry, []).eventDate, 'en')).toBe('circa 1950')
    expect(dayInWords('2026-05-17T23:59:00.000Z', 'es')).toBe('17 de mayo de 2026')
    expect(chapterTitle({ kind: 'stage', stage: 'youth' }, 'fr')).toBe('Jeunesse')
    expect(chapterTitle({ kind: 'decade', decade: 1960 }, 'en')).toBe('The 1960s')
    expect(chapterTitle({ kind: 'undated' }, 'de')).toBe('Recuerdos sin fecha')
  })
})
