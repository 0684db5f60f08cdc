import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './database.ts'

describe('the health check’s round trip to SQLite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'legado-ping-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers while a long piece of work holds the one connection, instead of waiting behind it', async () => {
    const handle = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'legado.db') })
    try {
      const events: string[] = []
      let finish!: () => void
      const held = new Promise<void>((resolve) => (finish = resolve))
      // A transaction keeps Kysely's connection until it ends, as a queue of export pages does in turn.
      const work = handle.db.transaction().execute(async (trx) => {
        await trx.selectNoFrom((eb) => eb.val(1).as('one')).execute()
        await held
        events.push('work done')
      })
      // Whatever else asks through Kysely waits for it.
      const queued = handle.db
        .selectNoFrom((eb) => eb.val(1).as('one'))
        .execute()
        .then(() => events.push('queued query'))
      await handle.ping()
      events.push('ping')
      finish()
      await Promise.all([work, queued])
      expect(events).toEqual(['ping', 'work done', 'queued query'])
    } finally {
      await handle.destroy()
    }
  })
})
