import { createHmac, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { toCalendarDate } from '../../shared/genealogy-date/index.ts'
import { signUpSchema } from '../../shared/contracts/account.ts'
import { buildApp } from '../app.ts'
import { loadConfig, publicOrigin } from '../config.ts'
import { openDatabase, type DatabaseHandle } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { createAuth, type Auth } from '../features/account/account.auth.ts'
import { resolveAuthSecret } from '../lib/auth-secret.ts'
import { readWrittenDate } from '../lib/written-date.ts'
import { copySqliteTemplate, createPostgresCopy, postgresTestSchema } from './test-databases.ts'

export type TestDatabase = 'sqlite' | 'postgres'

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set (CI sets it). */
export const testDatabases: TestDatabase[] = process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite']

export interface TestApp {
  app: FastifyInstance
  /** A second connection to the same database, to look at what the app stored. */
  db: Kysely<Database>
  dataDir: string
  env: Record<string, string>
  close(): Promise<void>
}

export interface TestAppOptions {
  /**
   * Told of every error a route ends with, before it becomes an answer: the logs are silent in
   * tests, so a test that finds an unexpected 500 names its cause with this.
   */
  onError?(error: Error, request: string): void
}

/**
 * A real app on a real, migrated database of its own: a copy of the template SQLite file, or a
 * PostgreSQL database copied from the template database, so test files never collide. Settings
 * naming a database already in use (another app's `env`) share it instead, and leave it in place
 * on close.
 */
export async function createTestApp(kind: TestDatabase, overrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-test-'))
  // Test files sign many people up from one address; the sign-up limit has tests of its own.
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGNUP_RATE_LIMIT_PER_HOUR: '10000', ...overrides }
  const postgresUrl = process.env.TEST_POSTGRES_URL
  // PostgreSQL and Redis mean several instances may run: they must share a configured secret.
  if (kind === 'postgres' || env.REDIS_URL) env.AUTH_SECRET ??= 'a-shared-test-secret-of-at-least-32-characters'
  let dropDatabase = async () => {}
  if (kind === 'postgres' && !env.DATABASE_URL) {
    if (!postgresUrl) throw new Error('TEST_POSTGRES_URL is not set')
    const copy = await createPostgresCopy(postgresUrl)
    if (copy) {
      env.DATABASE_URL = copy.url
      env.DATABASE_SCHEMA ??= postgresTestSchema
      dropDatabase = copy.drop
    } else {
      // Outside vitest (a bench): a schema of its own, migrated by the app.
      const schema = (env.DATABASE_SCHEMA ??= `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`)
      env.DATABASE_URL = postgresUrl
      dropDatabase = () => dropSchema(postgresUrl, schema)
    }
  }
  const config = loadConfig(env)
  if (config.database.dialect === 'sqlite' && !existsSync(config.database.file)) copySqliteTemplate(config.database.file)
  const app = await buildApp(config)
  const { onError } = options
  if (onError) app.addHook('onError', async (request, _reply, error) => onError(error, `${request.method} ${request.url}`))
  await app.ready()
  const observer = await openDatabase(config.database)
  apps.set(app, { observer, secret: resolveAuthSecret(config.authSecret, config.dataDir), baseURL: publicOrigin(config) })
  return {
    app,
    db: observer.db,
    dataDir,
    env,
    async close() {
      await app.close()
      await observer.destroy()
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Another instance of `first`'s deployment, as a second process behind a load balancer runs: the
 * same settings, so the same database, Redis, bucket and secret. On PostgreSQL it has a data
 * folder of its own, as on another machine; on SQLite the database is a file in the data folder,
 * so it shares `first`'s. Closing it leaves the database to `first`, which is closed last.
 */
export async function createTestInstance(first: TestApp, overrides: Record<string, string> = {}): Promise<TestApp> {
  const { DATA_DIR, ...settings } = first.env
  if (settings.DATABASE_URL) return createTestApp('postgres', { ...settings, ...overrides })
  return createTestApp('sqlite', { ...settings, DATA_DIR: DATA_DIR!, ...overrides })
}

async function dropSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}

export interface TestUser {
  id: string
  email: string
  cookie: string
}

let userCounter = 0

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

/** The sign-up body of the next test person: a unique e-mail, and `overrides` over it. */
function nextPerson(overrides: Record<string, unknown>) {
  userCounter += 1
  return {
    name: `Persona ${userCounter}`,
    email: `persona-${userCounter}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'un-recuerdo-largo',
    ...overrides,
  }
}

/**
 * Signs a new user up through the real API (`POST /api/auth/sign-up/email`, its limits and its
 * password hashing) and returns their session cookie: for tests about signing up or counting it.
 */
export async function signUpTestUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: nextPerson(overrides) })
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`)
  const { user } = response.json() as { user: { id: string; email: string } }
  return { id: user.id, email: user.email, cookie: cookieHeader(response) }
}

/** What a test app's people are written with: its database, and better-auth configured as the app's. */
interface AppInternals {
  observer: DatabaseHandle
  secret: string
  baseURL: string
  auth?: Auth
}
const apps = new WeakMap<FastifyInstance, AppInternals>()

/**
 * Hashing a password is most of what a sign-up costs (scrypt, about 100 ms). Each password is
 * hashed once by better-auth's own hasher and that real hash given to everyone who has the
 * password, so they can sign in with it as after a sign-up.
 */
const passwordHashes = new Map<string, Promise<string>>()
function hashOnce(hash: (password: string) => Promise<string>, password: string): Promise<string> {
  let hashed = passwordHashes.get(password)
  if (!hashed) passwordHashes.set(password, (hashed = hash(password)))
  return hashed
}

/**
 * A new person, signed in: the rows a sign-up writes (user, credential account, session), written
 * through better-auth's own adapter, and the session cookie it would set, signed with the app's
 * secret. `overrides` are sign-up fields (`email`, `password`, `name`, `birthDate`, …), read as
 * the sign-up route reads them. Tests about signing up itself use `signUpTestUser`.
 */
export async function createTestUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const internals = apps.get(app)
  if (!internals) return signUpTestUser(app, overrides)
  const person = signUpSchema.parse(nextPerson(overrides))
  internals.auth ??= createAuth({
    raw: internals.observer.raw,
    dialect: internals.observer.dialect,
    secret: internals.secret,
    baseURL: internals.baseURL,
    log: () => undefined,
  })
  const context = await internals.auth.$context
  const passwordHash = await hashOnce((password) => context.password.hash(password), person.password)
  const user = await context.internalAdapter.createUser(
    {
      email: person.email,
      name: person.name,
      // As the sign-up keeps it: the account holds an exact day only (no own card is made here).
      birthDate: toCalendarDate(readWrittenDate(person.birthDate ?? null, 'es').value ?? null) ?? undefined,
      familyRelation: person.familyRelation,
      preferredLanguage: person.preferredLanguage ?? undefined,
      emailVerified: false,
    },
    { method: 'email-password' },
  )
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: passwordHash })
  const session = await context.internalAdapter.createSession(user.id)
  const signature = createHmac('sha256', internals.secret).update(session.token).digest('base64')
  return { id: user.id, email: user.email, cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}` }
}

/** `app.inject` as `user`. */
export function as(app: FastifyInstance, user: TestUser) {
  return (options: InjectOptions) => app.inject({ ...options, headers: { ...options.headers, cookie: user.cookie } })
}
