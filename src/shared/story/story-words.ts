import { defaultLanguage, isLanguage, type Language } from '../limits.ts'
import { asStoredDate, formatStoredDate, type StoredGenealogyDate } from '../genealogy-date/index.ts'
import type { LifeStage, StoryChapterKind } from './life-stages.ts'

/**
 * The words of the story itself, shared by the page that shows it and the export that writes it
 * as a file, so the two read alike (docs/decisions/0037-the-story-read-back.md). The page's
 * buttons and notices are in the web catalogues (story.json).
 */
export interface StoryWords {
  myStory: string
  storyOf: (name: string) => string
  stages: Record<LifeStage, string>
  decade: (decade: number) => string
  undated: string
  conversations: string
  conversationOn: (date: string) => string
  photos: string
  noMemories: string
  noConversations: (name: string) => string
  writtenOn: (date: string) => string
  familyStories: string
}

export const storyWords: Record<Language, StoryWords> = {
  es: {
    myStory: 'Mi historia',
    storyOf: (name) => `La historia de ${name}`,
    stages: { beforeBirth: 'Antes de que yo naciera', childhood: 'Infancia', youth: 'Juventud', adulthood: 'Edad adulta', maturity: 'Madurez', laterYears: 'Los años dorados' },
    decade: (decade) => `La década de ${decade}`,
    undated: 'Recuerdos sin fecha',
    conversations: 'Conversaciones',
    conversationOn: (date) => `Conversación del ${date}`,
    photos: 'Fotos',
    noMemories: 'Todavía no hay recuerdos guardados.',
    noConversations: (name) => `Todavía no hay conversaciones sobre ${name}.`,
    writtenOn: (date) => `Copia escrita el ${date}, desde Legado.`,
    familyStories: 'Las historias de la familia',
  },
  en: {
    myStory: 'My story',
    storyOf: (name) => `The story of ${name}`,
    stages: { beforeBirth: 'Before I was born', childhood: 'Childhood', youth: 'Youth', adulthood: 'Adulthood', maturity: 'Maturity', laterYears: 'The later years' },
    decade: (decade) => `The ${decade}s`,
    undated: 'Memories without a date',
    conversations: 'Conversations',
    conversationOn: (date) => `Conversation of ${date}`,
    photos: 'Photos',
    noMemories: 'No memories have been saved yet.',
    noConversations: (name) => `There are no conversations about ${name} yet.`,
    writtenOn: (date) => `Copy written on ${date}, from Legado.`,
    familyStories: 'The family’s stories',
  },
  fr: {
    myStory: 'Mon histoire',
    storyOf: (name) => `L’histoire de ${name}`,
    stages: { beforeBirth: 'Avant ma naissance', childhood: 'Enfance', youth: 'Jeunesse', adulthood: 'Âge adulte', maturity: 'Maturité', laterYears: 'Les années de sagesse' },
    decade: (decade) => `Les années ${decade}`,
    undated: 'Souvenirs sans date',
    conversations: 'Conversations',
    conversationOn: (date) => `Conversation du ${date}`,
    photos: 'Photos',
    noMemories: 'Aucun souvenir n’a encore été enregistré.',
    noConversations: (name) => `Il n’y a pas encore de conversation sur ${name}.`,
    writtenOn: (date) => `Copie écrite le ${date}, depuis Legado.`,
    familyStories: 'Les histoires de la famille',
  },
}

export function storyWordsFor(language: string): StoryWords {
  return storyWords[isLanguage(language) ? language : defaultLanguage]
}

/** A chapter's heading. */
export function chapterTitle(chapter: StoryChapterKind, language: string): string {
  const words = storyWordsFor(language)
  if (chapter.kind === 'stage') return words.stages[chapter.stage]
  if (chapter.kind === 'decade') return words.decade(chapter.decade)
  return words.undated
}

/** A memory's date in words ("hacia 1950", "17 de mayo de 1948"); '' when it has none. */
export function memoryDateText(eventDate: StoredGenealogyDate | null, language: string): string {
  return formatStoredDate(eventDate, isLanguage(language) ? language : defaultLanguage)
}

/** The calendar day of an instant (UTC) in words: "17 de mayo de 2026". */
export function dayInWords(instant: string, language: string): string {
  return memoryDateText(asStoredDate(instant.slice(0, 10)), language)
}
