import { describe, expect, it } from 'vitest'
import { storedDateText } from '../genealogy-date/index.ts'
import { memoryHeadings, storyConversationsOf, storyMemoryOf } from './story-memory.ts'
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

  it('reads a memory as the API answers it: the answer under the question it answered', () => {
    const kept = { id: 'e2', title: '', eventDate: null, entryDate: entry.entryDate, question: '¿Dónde naciste?', answer: 'En Cali.' }
    expect(storyMemoryOf(kept, []).exchanges).toEqual([{ question: '¿Dónde naciste?', answer: 'En Cali.' }])
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

  it('keeps the conversations the server kept, each answer under its question', () => {
    const kept = (id: string, timestamp: string, conversationId: string, answer: string) => ({
      id,
      timestamp,
      conversation: { id: conversationId, startedAt: timestamp },
      question: `¿${answer}?`,
      answer,
    })
    const sessions = [kept('s1', '2026-05-17T09:00:00.000Z', 'c1', 'Mañana'), kept('s2', '2026-05-17T18:00:00.000Z', 'c2', 'Tarde')]
    expect(storyConversationsOf(sessions, () => []).map((c) => [c.id, c.exchanges])).toEqual([
      ['c1', [{ question: '¿Mañana?', answer: 'Mañana' }]],
      ['c2', [{ question: '¿Tarde?', answer: 'Tarde' }]],
    ])
  })

  it('keeps the title the person gave a conversation, as the API and an archive name it', () => {
    const fromApi = {
      id: 's1',
      timestamp: '2026-05-17T09:00:00.000Z',
      conversation: { id: 'c1', title: 'Las fiestas del pueblo', startedAt: '2026-05-17T09:00:00.000Z' },
      answer: 'Bailábamos.',
    }
    const fromArchive = {
      id: 's2',
      timestamp: '2026-05-18T09:00:00.000Z',
      conversationId: 'c2',
      conversationTitle: '',
      conversationStartedAt: '2026-05-18T09:00:00.000Z',
      answer: 'Llovía.',
    }
    expect(storyConversationsOf([fromApi, fromArchive], () => []).map((c) => [c.id, c.title])).toEqual([
      ['c1', 'Las fiestas del pueblo'],
      ['c2', ''],
    ])
  })

  it('groups the sessions of one day of an older archive into one conversation, oldest first, with their recordings', () => {
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

describe('memoryHeadings', () => {
  const told = (id: string, conversation: { id: string; title: string } | null, title = '', eventDate: string | null = null) => ({
    ...storyMemoryOf({ id, title, eventDate, entryDate: '2026-05-17T09:00:00.000Z', answer: id, question: null }, []),
    conversation,
  })
  const dateOf = (memory: { eventDate: unknown }) => (memory.eventDate ? 'en 1950' : '')

  it('heads a run of memories from a conversation the person named by its name once, a titled memory by its title, others by their date', () => {
    const named = { id: 'c1', title: 'Las fiestas del pueblo' }
    const memories = [
      told('a', named),
      told('b', named, '', '1950'),
      told('c', { id: 'c2', title: '' }, '', '1950'),
      told('d', named, 'Mi vestido'),
      told('e', named),
      told('f', null),
    ]
    expect(memoryHeadings(memories, dateOf)).toEqual([
      { heading: 'Las fiestas del pueblo', date: '' },
      { heading: '', date: 'en 1950' },
      { heading: 'en 1950', date: '' },
      { heading: 'Mi vestido', date: '' },
      // Still the same run of the named conversation: its name is not said again.
      { heading: '', date: '' },
      { heading: '', date: '' },
    ])
  })

  it('reads the conversation of an archive’s entry by its id and title', () => {
    const entry = { id: 'e', title: '', eventDate: null, entryDate: '2026-05-17T09:00:00.000Z', answer: 'Hola', conversationId: 'c9', conversationTitle: ' La mudanza ' }
    expect(storyMemoryOf(entry, []).conversation).toEqual({ id: 'c9', title: 'La mudanza' })
  })
})
