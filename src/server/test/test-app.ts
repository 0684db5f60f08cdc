import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

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
 * A real app on a real, freshly migrated database: a temporary SQLite file, or a PostgreSQL
 * schema of its own so test files never collide.
 */
export async function createTestApp(kind: TestDatabase, overrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-test-'))
  // Test files sign many people up from one address; the sign-up limit has tests of its own.
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGNUP_RATE_LIMIT_PER_HOUR: '10000', ...overrides }
  const postgresUrl = process.env.TEST_POSTGRES_URL
  // PostgreSQL and Redis mean several instances may run: they must share a configured secret.
  if (kind === 'postgres' || env.REDIS_URL) env.AUTH_SECRET ??= 'a-shared-test-secret-of-at-least-32-characters'
  if (kind === 'postgres') {
    if (!postgresUrl) throw new Error('TEST_POSTGRES_URL is not set')
    env.DATABASE_URL = postgresUrl
    env.DATABASE_SCHEMA ??= `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  }
  const config = loadConfig(env)
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
      if (kind === 'postgres' && postgresUrl) await dropSchema(postgresUrl, env.DATABASE_SCHEMA!)
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
