import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createObjectStorage } from '../../integrations/storage/create-storage.ts'
import { as, createTestApp, createTestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'
import { backfillTakenOn } from './photo-dates.ts'

describe('the day photos were taken, for photos stored before it was read', () => {
  it('is read again from each undated photo, and a photo that does not say stays undated', async () => {
    const t = await createTestApp('sqlite')
    try {
      const user = await createTestUser(t.app)
      const member = (await as(t.app, user)({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Rosa', lastName: 'Díaz', isSelf: true } })).json().member
        .memberId
      const upload = async (name: string, exif: Record<string, Record<string, string>>) => {
        const bytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#7a5c3e' } })
          .jpeg()
          .withExif(exif)
          .toBuffer()
        const answer = await tusClient(t.app, user).createWithData(bytes, { filename: name, filetype: 'image/jpeg', linkedToType: 'member', linkedToId: member })
        return String(answer.headers['legado-media-id'])
      }
      const dated = await upload('boda.jpg', { IFD2: { DateTimeOriginal: '1975:06:21 12:00:00' } })
      const undated = await upload('escaneada.jpg', { IFD0: { Make: 'Epson' } })
      const takenOn = async (id: string) => (await t.db.selectFrom('mediaAsset').select('takenOn').where('id', '=', id).executeTakeFirstOrThrow()).takenOn
      expect(await takenOn(dated)).toBe('1975-06-21')

      // As the photo was stored before the day was read.
      await t.db.updateTable('mediaAsset').set({ takenOn: null }).execute()
      const { storage } = createObjectStorage({ kind: 'local', dir: path.join(t.dataDir, 'media') })
      expect(await backfillTakenOn(t.db, storage)).toEqual({ read: 2, dated: 1 })
      expect([await takenOn(dated), await takenOn(undated)]).toEqual(['1975-06-21', null])
    } finally {
      await t.close()
    }
  })
})
