import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createObjectStorage } from '../../integrations/storage/create-storage.ts'
import { as, createTestApp, createTestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { checkMediaIntegrity } from './media-integrity.ts'

describe('the media integrity check', () => {
  it('finds exactly the object without a row, the row without its object and the bytes that changed', async () => {
    const t = await createTestApp('sqlite')
    try {
      const user = await createTestUser(t.app)
      const member = (await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })).json().member
        .memberId
      const upload = async (name: string) => {
        const bytes = Buffer.from(`Contenido de ${name}`)
        const tus = tusClient(t.app, user)
        const created = await tus.create(bytes.length, { filename: name, linkedToType: 'member', linkedToId: member })
        return String((await tus.patch(String(created.headers.location), 0, bytes)).headers['legado-media-id'])
      }
      const [intact, lost, damaged, rowless] = [await upload('intacta.txt'), await upload('perdida.txt'), await upload('dañada.txt'), await upload('sin-fila.txt')]
      const mediaDir = path.join(t.dataDir, 'media')
      const { storage } = createObjectStorage({ kind: 'local', dir: mediaDir })
      const keyOf = async (id: string) => (await t.db.selectFrom('mediaAsset').select('storagePath').where('id', '=', id).executeTakeFirstOrThrow()).storagePath
      const fileOf = (key: string) => path.join(mediaDir, ...key.split('/'))

      expect(await checkMediaIntegrity(t.db, storage)).toEqual({ objectsWithoutRow: [], rowsWithoutObject: [], hashMismatches: [], checked: 4 })

      const [lostKey, damagedKey, rowlessKey] = [await keyOf(lost), await keyOf(damaged), await keyOf(rowless)]
      rmSync(fileOf(lostKey))
      writeFileSync(fileOf(damagedKey), 'Otro contenido')
      await t.db.deleteFrom('mediaAsset').where('id', '=', rowless).execute()
      const stray = 'userMedia/desconocido/general/2026-11/suelto_1_x.txt'
      mkdirSync(path.dirname(fileOf(stray)), { recursive: true })
      writeFileSync(fileOf(stray), 'nadie me nombra')
      // A write cut short by a crash is not an object.
      writeFileSync(`${fileOf(await keyOf(intact))}.123.part`, 'a medias')

      expect(await checkMediaIntegrity(t.db, storage)).toEqual({
        objectsWithoutRow: [rowlessKey, stray].sort(),
        rowsWithoutObject: [{ id: lost, key: lostKey }],
        hashMismatches: [{ id: damaged, key: damagedKey }],
        checked: 3,
      })
    } finally {
      await t.close()
    }
  })
})
