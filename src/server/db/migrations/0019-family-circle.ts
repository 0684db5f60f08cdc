import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// A family tree is shared: people belong to it with a role (owner, editor, contributor, viewer),
// invitations bring them in, a member can be linked to the account of the person it is, and a
// memory or an AI-lab story can be shared with a tree one by one. Every tree that exists gets its
// holder as owner. Rows written by someone other than the tree's holder say who wrote them: what a
// person adds to another's tree goes with their account (cascade), a relative they added stays.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  const instant = isPostgres ? 'timestamptz' : 'text'
  const flag = isPostgres ? 'boolean' : 'integer'
  const no = sql.raw(isPostgres ? 'false' : '0')

  await db.schema
    .createTable('tree_membership')
    .addColumn('tree_id', 'text', (c) => c.notNull().references('family_tree.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('joined_at', instant, (c) => c.notNull())
    // The tree the person last chose in the switcher is the one their pages show.
    .addColumn('chosen_at', instant, (c) => c.notNull())
    // What others added after this instant is "new" on the person's dashboard.
    .addColumn('seen_at', instant)
    .addPrimaryKeyConstraint('tree_membership_pk', ['tree_id', 'user_id'])
    .execute()
  await db.schema.createIndex('tree_membership_user_idx').on('tree_membership').columns(['user_id', 'chosen_at']).execute()
  await sql`insert into tree_membership (tree_id, user_id, role, joined_at, chosen_at)
    select id, owner_user_id, 'owner', created_at, created_at from family_tree`.execute(db)

  await db.schema
    .createTable('tree_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tree_id', 'text', (c) => c.notNull().references('family_tree.id').onDelete('cascade'))
    // Only a hash of the link's token is kept: a copy of the database opens no invitation.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('invited_by_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('sent_at', instant)
    .addColumn('accepted_at', instant)
    .addColumn('accepted_by_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('declined_at', instant)
    .addColumn('revoked_at', instant)
    .execute()
  await db.schema.createIndex('tree_invitation_tree_idx').on('tree_invitation').columns(['tree_id', 'created_at']).execute()

  await db.schema
    .alterTable('member')
    .addColumn('linked_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('member').addColumn('connection_status', 'text').execute()
  await db.schema
    .alterTable('member')
    .addColumn('connection_requested_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('member')
    .addColumn('added_by_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('member')
    .addColumn('open_to_viewers', flag, (c) => c.notNull().defaultTo(sql`${no}`))
    .execute()
  // One card per person in a tree.
  await db.schema.createIndex('member_linked_user_idx').on('member').columns(['tree_id', 'linked_user_id']).unique().where(sql.ref('linked_user_id'), 'is not', null).execute()
  await db.schema.createIndex('member_linked_user_only_idx').on('member').column('linked_user_id').execute()

  for (const table of ['interview_session', 'media_asset']) {
    await db.schema
      .alterTable(table)
      .addColumn('author_user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
      .execute()
    await db.schema.createIndex(`${table}_author_idx`).on(table).column('author_user_id').execute()
  }

  for (const [table, column, target] of [
    ['tree_shared_memory', 'entry_id', 'biography_entry'],
    ['tree_shared_story', 'story_id', 'ai_lab_memory'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('tree_id', 'text', (c) => c.notNull().references('family_tree.id').onDelete('cascade'))
      .addColumn(column, 'text', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addColumn('shared_by_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('shared_at', instant, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['tree_id', column])
      .execute()
    await db.schema.createIndex(`${table}_item_idx`).on(table).column(column).execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tree_shared_story', 'tree_shared_memory', 'tree_invitation', 'tree_membership']) await db.schema.dropTable(table).execute()
  for (const table of ['interview_session', 'media_asset']) {
    await db.schema.dropIndex(`${table}_author_idx`).execute()
    await db.schema.alterTable(table).dropColumn('author_user_id').execute()
  }
  await db.schema.dropIndex('member_linked_user_only_idx').execute()
  await db.schema.dropIndex('member_linked_user_idx').execute()
  for (const column of ['open_to_viewers', 'added_by_user_id', 'connection_requested_by', 'connection_status', 'linked_user_id'])
    await db.schema.alterTable('member').dropColumn(column).execute()
}
