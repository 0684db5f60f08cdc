import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bookDraftSchema, bookOptionsSchema, bookSchema } from '../../../shared/contracts/book.ts'
import { idParamsSchema } from '../../../shared/contracts/common.ts'
import { fileSlug } from '../../lib/file-slug.ts'
import { currentUser } from '../../plugins/session.ts'
import type { BookService } from './book.service.ts'

const tags = ['life book']

/** `legado-rosa-maria-lopez.pdf`: the title in plain ASCII for the download's name. */
const fileNameOf = (title: string) => `legado-${fileSlug(title) || 'libro'}.pdf`

// A book is its author's: every route acts on the signed-in person's own books, and reads the tree
// their pages show with their role there (the service asks the circle).
export const bookRoutes: FastifyPluginAsyncZod<{ service: BookService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/books/draft',
    {
      schema: {
        tags,
        summary: 'What a book with these choices would hold, for choosing and the preview; nothing is made',
        body: bookOptionsSchema,
        response: { 200: bookDraftSchema },
      },
    },
    async (request) => service.draft(currentUser(request).id, request.body),
  )

  app.post(
    '/books',
    { schema: { tags, summary: 'Make a book: it is made as a job and kept for download', body: bookOptionsSchema, response: { 201: bookSchema } } },
    async (request, reply) => reply.code(201).send(await service.make(currentUser(request).id, request.body)),
  )

  app.get('/books', { schema: { tags, summary: 'Your books, newest first', response: { 200: z.object({ books: z.array(bookSchema) }) } } }, async (request) => ({
    books: await service.list(currentUser(request).id),
  }))

  app.get(
    '/books/:id',
    { schema: { tags, summary: 'One of your books and how far its making has come', params: idParamsSchema, response: { 200: bookSchema } } },
    async (request) => service.get(currentUser(request).id, request.params.id),
  )

  app.get('/books/:id/pdf', { schema: { tags, summary: 'The made book as a PDF', params: idParamsSchema } }, async (request, reply) => {
    const { stream, bytes, title } = await service.pdf(currentUser(request).id, request.params.id)
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Length', String(bytes))
      .header('Content-Disposition', `attachment; filename="${fileNameOf(title)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(stream)
  })

  app.post('/books/:id/cancel', { schema: { tags, summary: 'Stop making a book', params: idParamsSchema, response: { 200: bookSchema } } }, async (request) =>
    service.cancel(currentUser(request).id, request.params.id),
  )

  app.delete('/books/:id', { schema: { tags, summary: 'Delete a book and its file', params: idParamsSchema } }, async (request, reply) => {
    await service.remove(currentUser(request).id, request.params.id)
    return reply.code(204).send()
  })

  app.post(
    '/books/retell',
    {
      schema: {
        tags,
        summary: 'Retell one chapter as prose with the AI model; the original stays, and the book says which parts were retold',
        body: z.object({ options: bookOptionsSchema, chapterKey: z.string().min(1).max(200) }),
        response: { 200: z.object({ chapterKey: z.string(), retelling: z.string() }) },
      },
    },
    async (request) => service.retell(currentUser(request).id, request.body.options, request.body.chapterKey),
  )
}
