// The rows of one shape of bench-whole-tree.mjs, written straight into the built server's SQLite
// file as an import of them would leave them. Run as a worker thread: `workerData` holds the file,
// the owner's e-mail, the rows and the timestamp to stamp them with.
import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { workerData } from 'node:worker_threads'

/** Writes one shape's rows into `owner`'s tree, ids prefixed so that shapes never collide. */
function writeRows({ file, email, rows, now }) {
  const db = new Database(file)
  db.pragma('busy_timeout = 10000')
  try {
    const owner = db.prepare('select id from "user" where email = ?').get(email).id
    const tree = db.prepare('select id from family_tree where owner_user_id = ?').get(owner).id
    const prefix = `${randomUUID().slice(0, 8)}-`
    const id = (local) => prefix + local
    const member = db.prepare(
      `insert into member (id, tree_id, owner_user_id, first_name, last_name, relationship_to_owner, birth_date, birth_date_sort, gender, bio_summary, key_life_events, created_at, updated_at)
       values (?, ?, ?, ?, 'Forjado', '', ?, ?, '', '', '[]', ?, ?)`,
    )
    const union = db.prepare(
      `insert into family_union (id, tree_id, owner_user_id, first_partner_id, second_partner_id, is_married, position, created_at, updated_at) values (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
    )
    const link = db.prepare(`insert into member_parent (child_id, parent_id, owner_user_id, union_id, kind, child_position) values (?, ?, ?, ?, 'birth', ?)`)
    // Each session a conversation of its own: the most conversations a member's card can count.
    const conversation = db.prepare(`insert into chat_conversation (id, owner_user_id, kind, member_id, title, started_at) values (?, ?, 'interview', ?, '', ?)`)
    const session = db.prepare(
      `insert into interview_session (id, owner_user_id, interviewed_member_id, timestamp, conversation_pair, conversation_id, question) values (?, ?, ?, ?, ?, ?, '¿Dónde creció?')`,
    )
    const pair = JSON.stringify([
      { role: 'model', text: '¿Dónde creció?' },
      { role: 'user', text: 'En una finca cerca de Pasto, con sus cinco hermanos.' },
    ])
    db.transaction(() => {
      rows.members.forEach((row, i) => member.run(id(row.id), tree, owner, `Persona ${i}`, `${1800 + (i % 200)}`, 1800 + (i % 200), now, now))
      for (const row of rows.unions) union.run(id(row.id), tree, owner, id(row.first), id(row.second), row.position, now, now)
      for (const row of rows.links) link.run(id(row.child), id(row.parent), owner, id(row.union), row.position)
      for (const row of rows.sessions) {
        conversation.run(id(`c${row.id}`), owner, id(row.member), now)
        session.run(id(row.id), owner, id(row.member), now, pair, id(`c${row.id}`))
      }
    })()
  } finally {
    db.close()
  }
}

writeRows(workerData)
