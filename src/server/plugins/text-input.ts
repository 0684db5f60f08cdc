import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error.ts'

/** How deep a JSON body is searched: far deeper than any of ours goes. */
const maxDepth = 32

/**
 * Where in `value` a string holds a NUL character, as a dotted path ('' for the value itself),
 * or undefined. PostgreSQL cannot store NUL in text, nor compare text with it, so such a string
 * would reach the database only to fail there.
 */
export function pathOfNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (value === null || typeof value !== 'object' || depth > maxDepth) return undefined
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, path ? `${path}.${key}` : key, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Refuses text with a NUL character in any body, query string or path of the API, as a
 * `validation_failed` on that field, before a route sees it: the same answer on SQLite as on
 * PostgreSQL, and never a 500.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const path = pathOfNul(part)
      if (path !== undefined) throw new AppError('validation_failed', 'Text may not hold a NUL character', [{ path, code: 'validation.invalid' }])
    }
  })
})
