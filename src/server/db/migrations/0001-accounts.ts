import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/. The auth tables are the ones better-auth
// expects (account.auth.ts maps its field names to these snake_case columns; a test checks that
// better-auth finds nothing missing), plus the sign-up fields the landing form collects.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const instant = isPostgres ? 'timestamptz' : 'date'
  const flag = isPostgres ? 'boolean' : 'integer'

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', flag, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', instant, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', instant, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('birth_date', 'text')
    .addColumn('family_relation', 'text')
    .addColumn('preferred_language', 'text')
    .execute()

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', instant, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', instant, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('session_user_id_idx').on('session').column('user_id').execute()

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', instant)
    .addColumn('refresh_token_expires_at', instant)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', instant, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('account_user_id_idx').on('account').column('user_id').execute()

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', instant, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute()
  await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['verification', 'account', 'session', 'user']) await db.schema.dropTable(table).execute()
}
