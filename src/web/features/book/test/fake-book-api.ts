import type { Book, BookChapter, BookDraft, BookOptionsInput, BookPlan } from '../../../../shared/contracts/book.ts'
import { fakeApi, jsonResponse, type RecordedRequest } from '../../../test/http.ts'

/** A memory block as the draft lists it. */
export function memoryBlock(id: string, title: string, text = `Texto de ${title}.`): BookChapter['blocks'][number] {
  return { type: 'memory', id, title, date: '', text, recordings: [], teller: null }
}

export function buildChapter(key: string, title: string, blocks: BookChapter['blocks'] = [memoryBlock(`${key}-1`, `Un recuerdo de ${title}`)]): BookChapter {
  return { key, title, subtitle: '', retelling: null, blocks }
}

export function buildPlan(overrides: Partial<BookPlan> = {}): BookPlan {
  return {
    language: 'es',
    format: '6x9',
    bleed: false,
    title: 'Rosa Martínez',
    subtitle: '1940 – ',
    coverPhotoId: null,
    dedication: '',
    chapters: [buildChapter('infancia', 'Infancia'), buildChapter('juventud', 'Juventud'), buildChapter('madurez', 'Madurez')],
    chart: [],
    people: [],
    colophon: '',
    words: {
      contents: 'Índice',
      dedication: 'Dedicatoria',
      familyChart: 'Árbol familiar',
      index: 'Índice de nombres',
      colophon: 'Colofón',
      listen: 'Escuche la voz',
      retoldNote: 'Este capítulo lo contó como relato una IA.',
      question: 'Pregunta',
      answer: 'Respuesta',
      page: 'Página',
    },
    ...overrides,
  }
}

let sequence = 0

export function buildBook(overrides: Partial<Book> = {}): Book {
  sequence += 1
  return {
    id: `book-${sequence}`,
    kind: 'person',
    memberId: null,
    title: 'Rosa Martínez',
    language: 'es',
    format: '6x9',
    status: 'queued',
    progress: 0,
    pageCount: null,
    bytes: null,
    errorCode: null,
    createdAt: new Date(Date.UTC(2026, 10, 29, 10, sequence)).toISOString(),
    ...overrides,
  }
}

/**
 * `/api/books` behind a spied `fetch`: the draft answers `draft` (or what `draftFor` makes of the
 * options asked with), a book made is queued and then advances along `progress` a step per read.
 */
export function fakeBookApi({
  draftFor = () => ({ plan: buildPlan(), canRetell: false }),
  books = [],
  progress = [
    { status: 'running', progress: 50 },
    { status: 'done', progress: 100, pageCount: 48 },
  ],
}: {
  draftFor?: (options: BookOptionsInput) => BookDraft
  books?: Book[]
  progress?: Partial<Book>[]
} = {}) {
  let stored = [...books]
  const steps = [...progress]

  function route({ method, path, body }: RecordedRequest) {
    if (method === 'POST' && path === '/api/books/draft') return jsonResponse(200, draftFor(body as BookOptionsInput))
    if (method === 'GET' && path === '/api/books') return jsonResponse(200, { books: stored })
    if (method === 'POST' && path === '/api/books') {
      const book = buildBook()
      stored = [book, ...stored]
      return jsonResponse(201, book)
    }
    const [, id, action] = /^\/api\/books\/([^/]+)(?:\/(\w+))?$/.exec(path) ?? []
    const book = stored.find((each) => each.id === id)
    if (!book) return jsonResponse(404, { error: { code: 'not_found', message: 'Book not found' } })
    if (method === 'GET' && !action) {
      const next = { ...book, ...(steps.shift() ?? {}) }
      stored = stored.map((each) => (each.id === id ? next : each))
      return jsonResponse(200, next)
    }
    if (method === 'DELETE') {
      stored = stored.filter((each) => each.id !== id)
      return new Response(null, { status: 204 })
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'No such route' } })
  }

  const api = fakeApi(route)
  return {
    ...api,
    /** The options of every draft asked for, oldest first. */
    drafts: () => api.requestsTo('POST', '/api/books/draft').map((request) => request.body as BookOptionsInput),
    made: () => api.requestsTo('POST', '/api/books').map((request) => request.body as BookOptionsInput),
  }
}
