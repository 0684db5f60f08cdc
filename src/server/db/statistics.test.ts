import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './database.ts'

// The shape that misled SQLite's planner after an import: links indexed by their owner (with the
// child and the parent after it) and by the parent alone. Without statistics the planner reads a
// parent's children through the owner's index, every link of the tree; with them, the parent's.
describe('the SQLite planner’s statistics', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'legado-statistics-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('are brought up to date after a table grew, and a parent’s children are then read by the parent’s index', async () => {
    const handle = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'legado.db') })
    try {
      const { raw } = handle
      await sql`create table link (owner text not null, child text not null, parent text not null)`.execute(raw)
      await sql`create index link_owner on link (owner, child, parent)`.execute(raw)
      await sql`create index link_parent on link (parent)`.execute(raw)
      // One owner's tree of 20,000 links, as an import writes it.
      await sql`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
        insert into link select 'rosa', 'child-' || i, 'parent-' || (i / 2) from n`.execute(raw)
      const plan = async () =>
        (await sql<{ detail: string }>`explain query plan select child from link where owner = ${'rosa'} and parent = ${'parent-42'}`.execute(raw)).rows
          .map((row) => row.detail)
          .join(' ')
      expect(await plan()).toContain('link_owner')

      handle.refreshStatistics()

      expect(await plan()).toContain('link_parent')
      const { rows } = await sql<{ tbl: string }>`select tbl from sqlite_stat1`.execute(raw)
      expect(rows.map((row) => row.tbl)).toContain('link')
    } finally {
      await handle.destroy()
    }
  })
})
