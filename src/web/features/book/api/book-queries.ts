import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Book, BookDraft, BookOptionsInput } from '../../../../shared/contracts/book.ts'
import { apiFetch } from '../../../lib/api-client.ts'

export const bookKeys = {
  all: ['books'] as const,
  list: () => [...bookKeys.all, 'list'] as const,
  one: (id: string) => [...bookKeys.all, 'one', id] as const,
  draft: (options: BookOptionsInput) => [...bookKeys.all, 'draft', options] as const,
}

const bookPath = (id: string) => `/api/books/${encodeURIComponent(id)}`

/** Where the browser downloads a finished book: the server names the file. */
export const bookPdfUrl = (id: string) => `${bookPath(id)}/pdf`

/** A book is still being made: its progress is asked again until it ends. */
export const isMaking = (book: Pick<Book, 'status'> | undefined) => book?.status === 'queued' || book?.status === 'running'

/**
 * What would go into the book chosen so far, with its words and first pages; nothing is made.
 * While new choices are asked about, the last answer stays on screen.
 */
export function useBookDraft(options: BookOptionsInput | undefined) {
  return useQuery({
    queryKey: bookKeys.draft(options ?? { kind: 'person', language: 'es' }),
    enabled: options !== undefined,
    queryFn: ({ signal }) => apiFetch<BookDraft>('/api/books/draft', { method: 'POST', body: options, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

/** The books made before, newest first; asked again every two seconds while one of them is being made. */
export function booksQuery() {
  return queryOptions({
    queryKey: bookKeys.list(),
    queryFn: async ({ signal }) => (await apiFetch<{ books: Book[] }>('/api/books', { signal })).books,
  })
}

export function useBooks() {
  return useQuery({ ...booksQuery(), refetchInterval: (query) => (query.state.data?.some(isMaking) ? 2_000 : false) })
}

/** One book's progress, asked every second while it is made; the list learns the news at once. */
export function useBook(id: string | undefined) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: bookKeys.one(id ?? ''),
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const book = await apiFetch<Book>(bookPath(id!), { signal })
      replaceInList(queryClient, book)
      return book
    },
    refetchInterval: (query) => (query.state.data === undefined || isMaking(query.state.data) ? 1_000 : false),
  })
}

function replaceInList(queryClient: QueryClient, book: Book) {
  queryClient.setQueryData<Book[]>(bookKeys.list(), (books) => {
    if (!books) return books
    return books.some((each) => each.id === book.id) ? books.map((each) => (each.id === book.id ? book : each)) : [book, ...books]
  })
}

export function useMakeBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (options: BookOptionsInput) => apiFetch<Book>('/api/books', { method: 'POST', body: options }),
    onSuccess: (book) => {
      queryClient.setQueryData(bookKeys.one(book.id), book)
      replaceInList(queryClient, book)
    },
  })
}

export function useCancelBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<Book>(`${bookPath(id)}/cancel`, { method: 'POST', body: {} }),
    onSuccess: (book) => {
      queryClient.setQueryData(bookKeys.one(book.id), book)
      replaceInList(queryClient, book)
    },
  })
}

export function useDeleteBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(bookPath(id), { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<Book[]>(bookKeys.list(), (books) => books?.filter((book) => book.id !== id))
      queryClient.removeQueries({ queryKey: bookKeys.one(id) })
    },
  })
}

/** A model's retelling of one chapter as prose; `ai_unavailable` where no model answers. */
export function useRetellChapter() {
  return useMutation({
    mutationFn: (request: { options: BookOptionsInput; chapterKey: string }) =>
      apiFetch<{ chapterKey: string; retelling: string }>('/api/books/retell', { method: 'POST', body: request }),
  })
}
