import type { BookWords } from '../../../shared/contracts/book.ts'
import type { Language } from '../../../shared/limits.ts'

/**
 * What a book says around its content, in its language: the renderer is given these words and
 * knows none. Chapter names of a life come from the story's words (shared/story), so a book and
 * the story page name the stages of a life alike.
 */
interface BookText {
  words: BookWords
  myBook: string
  familyBook: (treeName: string) => string
  sharedMemories: string
  photos: (name: string) => string
  lifeOf: (name: string) => string
  colophon: (day: string) => string
  toldBy: (name: string) => string
}

export const bookText: Record<Language, BookText> = {
  es: {
    words: {
      contents: 'Índice',
      dedication: 'Dedicatoria',
      familyChart: 'El árbol de la familia',
      index: 'Índice de personas',
      colophon: 'Colofón',
      listen: 'Escuche la voz',
      retoldNote: 'Este capítulo lo contó de nuevo la inteligencia artificial a partir de los recuerdos originales, que se conservan tal como se dijeron.',
      question: 'Pregunta',
      answer: 'Respuesta',
      page: 'Página',
    },
    myBook: 'Mi historia',
    familyBook: (treeName) => treeName || 'La historia de la familia',
    sharedMemories: 'Recuerdos compartidos',
    photos: (name) => `Fotos de ${name}`,
    lifeOf: (name) => `La vida de ${name}`,
    colophon: (day) =>
      `Este libro se hizo el ${day} con Legado, desde los recuerdos que la familia guarda en su propio servidor. Los códigos QR llevan a las voces grabadas, guardadas allí mismo.`,
    toldBy: (name) => `Lo contó ${name}`,
  },
  en: {
    words: {
      contents: 'Contents',
      dedication: 'Dedication',
      familyChart: 'The family tree',
      index: 'Index of people',
      colophon: 'Colophon',
      listen: 'Listen to the voice',
      retoldNote: 'This chapter was retold by artificial intelligence from the original memories, which are kept as they were told.',
      question: 'Question',
      answer: 'Answer',
      page: 'Page',
    },
    myBook: 'My story',
    familyBook: (treeName) => treeName || 'The story of the family',
    sharedMemories: 'Shared memories',
    photos: (name) => `Photos of ${name}`,
    lifeOf: (name) => `The life of ${name}`,
    colophon: (day) => `This book was made on ${day} with Legado, from the memories the family keeps on its own server. The QR codes lead to the recorded voices, kept there too.`,
    toldBy: (name) => `Told by ${name}`,
  },
  fr: {
    words: {
      contents: 'Sommaire',
      dedication: 'Dédicace',
      familyChart: 'L’arbre de la famille',
      index: 'Index des personnes',
      colophon: 'Colophon',
      listen: 'Écoutez la voix',
      retoldNote: 'Ce chapitre a été raconté à nouveau par l’intelligence artificielle à partir des souvenirs originaux, conservés tels qu’ils ont été dits.',
      question: 'Question',
      answer: 'Réponse',
      page: 'Page',
    },
    myBook: 'Mon histoire',
    familyBook: (treeName) => treeName || 'L’histoire de la famille',
    sharedMemories: 'Souvenirs partagés',
    photos: (name) => `Photos de ${name}`,
    lifeOf: (name) => `La vie de ${name}`,
    colophon: (day) =>
      `Ce livre a été fait le ${day} avec Legado, à partir des souvenirs que la famille garde sur son propre serveur. Les codes QR mènent aux voix enregistrées, gardées là aussi.`,
    toldBy: (name) => `Raconté par ${name}`,
  },
}
