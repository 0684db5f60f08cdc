import { randomUUID } from 'node:crypto'
import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// A chat is kept as a story: each exchange keeps the question it answered (until now only the
// persona's next question was kept, beside the answer), the answer as first said when it is
// corrected, a hidden mark for "otra" (a skipped question is no memory, yet must not come back at
// once), and the sitting it was told in, a conversation with a title of its own. The exchanges
// kept before are given their question (the one the previous exchange's reply asked) and grouped
// into sittings the way new ones are: a gap of more than three hours starts a new conversation.

const gapMs = 180 * 60 * 1000

/** The last question a reply asked ("¿Cómo era su casa?"), as the chat engine reads it. */
function questionIn(reply: string): string | null {
  return (
    reply
      .match(/[¿]?[^.!?¿¡\n]+\?/gu)
      ?.at(-1)
      ?.trim() ?? null
  )
}

function readTurns(json: string): { role: string; text: string }[] {
  try {
    const turns: unknown = JSON.parse(json)
    if (!Array.isArray(turns)) return []
    return turns.map((turn: { role?: unknown; text?: unknown; parts?: { text?: unknown }[] }) => ({
      role: String(turn.role),
      text: typeof turn.text === 'string' ? turn.text : (turn.parts ?? []).map((part) => String(part.text ?? '')).join('\n'),
    }))
  } catch {
    return []
  }
}

interface OldRow {
  id: string
  owner: string
  memberId: string | null
  at: Date | string
  pair: string
}

/** Gives the rows of one chat (already in order) their conversations and questions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
async function backfill(db: Kysely<any>, table: string, kind: 'biography' | 'interview', rows: OldRow[]) {
  let chat = ''
  let conversationId = ''
  let lastAt = 0
  let lastReply = ''
  for (const row of rows) {
    const turns = readTurns(row.pair)
    const isChat = turns.some((turn) => turn.role === 'model')
    if (!isChat) continue
    const at = new Date(row.at).getTime()
    const key = `${row.owner}\u0000${row.memberId ?? ''}`
    if (key !== chat) {
      chat = key
      lastReply = ''
      conversationId = ''
    }
    if (!conversationId || at - lastAt > gapMs) {
      conversationId = randomUUID()
      await db
        .insertInto('chat_conversation')
        .values({ id: conversationId, owner_user_id: row.owner, kind, member_id: kind === 'interview' ? row.memberId : null, title: '', started_at: row.at })
        .execute()
    }
    await db
      .updateTable(table)
      .set({ conversation_id: conversationId, question: lastReply ? questionIn(lastReply) : null })
      .where('id', '=', row.id)
      .execute()
    lastAt = at
    lastReply = turns.findLast((turn) => turn.role === 'model')?.text ?? ''
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  const instant = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text'

  await db.schema
    .createTable('chat_conversation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    // 'biography' (Cronos) or 'interview' (Ana, about `member_id`, and gone with that member).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.references('member.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('started_at', instant, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_conversation_owner_idx').on('chat_conversation').columns(['owner_user_id', 'kind', 'started_at']).execute()

  for (const table of ['biography_entry', 'interview_session']) {
    await db.schema
      .alterTable(table)
      .addColumn('conversation_id', 'text', (c) => c.references('chat_conversation.id').onDelete('set null'))
      .execute()
    await db.schema.alterTable(table).addColumn('question', 'text').execute()
    await db.schema.alterTable(table).addColumn('original_answer', 'text').execute()
    await db.schema
      .alterTable(table)
      .addColumn('is_skip', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }

  const entries = await db
    .selectFrom('biography_entry')
    .select(['id', 'author_user_id as owner', 'entry_date as at', 'conversation_pair as pair'])
    .orderBy('author_user_id')
    .orderBy('entry_date')
    .orderBy('id')
    .execute()
  await backfill(
    db,
    'biography_entry',
    'biography',
    entries.map((row: Omit<OldRow, 'memberId'>) => ({ ...row, memberId: null })),
  )
  const sessions = await db
    .selectFrom('interview_session')
    .select(['id', 'owner_user_id as owner', 'interviewed_member_id as memberId', 'timestamp as at', 'conversation_pair as pair'])
    .orderBy('owner_user_id')
    .orderBy('interviewed_member_id')
    .orderBy('timestamp')
    .orderBy('id')
    .execute()
  await backfill(db, 'interview_session', 'interview', sessions as OldRow[])
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['biography_entry', 'interview_session']) {
    for (const column of ['is_skip', 'original_answer', 'question', 'conversation_id']) await db.schema.alterTable(table).dropColumn(column).execute()
  }
  await db.schema.dropTable('chat_conversation').execute()
}
