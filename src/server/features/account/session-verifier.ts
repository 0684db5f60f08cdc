import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { CompiledQuery, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { Collection } from '../../lib/collection-versions.ts'
import { readCookie } from '../../lib/cookies.ts'

export interface VerifiedSession {
  user: { id: string; email: string }
  /** The session is old enough that its expiry should slide forward (and its cookie be renewed). */
  refreshDue: boolean
  /** The version of the list the request asked for with the session (null when it has none yet). */
  collectionVersion: string | null
}

/** The session query's row: the user, when the session ends, and the list's version when asked. */
interface SessionRow {
  id: string
  email: string
  expiresAt: string | Date
  collectionVersion?: string | null
}

interface Options {
  db: Kysely<Database>
  /** The secret better-auth signs its cookies with. */
  secret: string
  /** How long a session lives, and how often its expiry slides forward (better-auth's settings). */
  expiresInSeconds: number
  updateAgeSeconds: number
}

/**
 * Checks a session cookie the way better-auth writes it (`token.base64(HMAC-SHA256(secret,
 * token))`, URI-encoded), on every authenticated request: a constant-time signature check, then
 * one indexed query for the session joined to its user. A revoked session's row is gone, so a
 * signed-out cookie fails on the very next request; no answer is cached (only the query's SQL).
 */
export function createSessionVerifier({ db, secret, expiresInSeconds, updateAgeSeconds }: Options) {
  const key = Buffer.from(secret, 'utf8')
  const build = (collection: Collection | undefined, token: string) =>
    db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['user.id as id', 'user.email as email', 'session.expiresAt as expiresAt'])
      .$if(collection !== undefined, (query) =>
        query
          .leftJoin('collectionVersion', (join) => join.onRef('collectionVersion.ownerId', '=', 'user.id').on('collectionVersion.collection', '=', collection!))
          .select('collectionVersion.version as collectionVersion'),
      )
      .where('session.token', '=', token)
  type Compiled = { query: CompiledQuery<SessionRow>; tokenAt: number }
  // Building and compiling a query costs a request about as much as running it: each of the few
  // shapes (with or without a list's version) is compiled once, and only the token changes.
  const compiled = new Map<Collection | undefined, Compiled>()
  const sessionQuery = (collection: Collection | undefined): Compiled => {
    let entry = compiled.get(collection)
    if (!entry) {
      const placeholder = `token:${randomUUID()}`
      const query: CompiledQuery<SessionRow> = build(collection, placeholder).compile()
      entry = { query, tokenAt: query.parameters.indexOf(placeholder) }
      compiled.set(collection, entry)
    }
    return entry
  }
  return {
    /**
     * `collection`: a list whose version the route needs, read in the same query (a list answered
     * from its kept copy then costs one round trip to the database, as any authenticated request).
     */
    async verify(cookieHeader: string | undefined, cookieName: string, collection?: Collection): Promise<VerifiedSession | null> {
      if (!cookieHeader) return null
      const raw = readCookie(cookieHeader, cookieName)
      if (!raw) return null
      let value: string
      try {
        value = decodeURIComponent(raw)
      } catch {
        return null
      }
      const dot = value.lastIndexOf('.')
      if (dot < 1) return null
      const token = value.slice(0, dot)
      const signature = Buffer.from(value.slice(dot + 1), 'base64')
      const expected = createHmac('sha256', key).update(token).digest()
      // A forged or mangled cookie costs a hash, never a query.
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null

      const { query, tokenAt } = sessionQuery(collection)
      const parameters = [...query.parameters]
      parameters[tokenAt] = token
      const row = (await db.executeQuery<SessionRow>({ ...query, parameters })).rows[0]
      if (!row) return null
      const expiresAt = new Date(row.expiresAt).getTime()
      const now = Date.now()
      if (!(expiresAt > now)) return null
      return {
        user: { id: row.id, email: row.email },
        refreshDue: expiresAt - expiresInSeconds * 1000 + updateAgeSeconds * 1000 <= now,
        collectionVersion: row.collectionVersion ?? null,
      }
    },
  }
}
export type SessionVerifier = ReturnType<typeof createSessionVerifier>
