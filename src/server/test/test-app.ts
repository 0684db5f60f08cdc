import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
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

/**
 * A real app on a real, migrated database of its own: a copy of the template SQLite file, or a
 * PostgreSQL database copied from the template database, so test files never collide. Settings
 * naming a database already in use (another app's `env`) share it instead, and leave it in place
 * on close.
 */
export async function createTestApp(kind: TestDatabase, overrides: Record<string, string> = {}): Promise<TestApp> {
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
  await app.ready()
  const observer = await openDatabase(config.database)
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

/** Signs a new user up through the real API and returns their session cookie. */
export async function createTestUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  userCounter += 1
  const body = {
    name: `Persona ${userCounter}`,
    email: `persona-${userCounter}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'un-recuerdo-largo',
    ...overrides,
  }
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body })
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`)
  const { user } = response.json() as { user: { id: string; email: string } }
  return { id: user.id, email: user.email, cookie: cookieHeader(response) }
}

/** `app.inject` as `user`. */
export function as(app: FastifyInstance, user: TestUser) {
  return (options: InjectOptions) => app.inject({ ...options, headers: { ...options.headers, cookie: user.cookie } })
}
