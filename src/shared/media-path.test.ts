import { describe, expect, it } from 'vitest'
import { mediaStoragePath, sanitiseBaseName, splitExtension } from './media-path.ts'

describe('media storage paths', () => {
  it('sanitise everything but letters, digits, dot, underscore and hyphen', () => {
    expect(sanitiseBaseName('Boda de mamá (1975)/copia #2')).toBe('Boda_de_mam___1975__copia__2')
    expect(sanitiseBaseName('a.b_c-d')).toBe('a.b_c-d')
  })

  it('split the extension at the last dot, never a leading one', () => {
    expect(splitExtension('foto.final.JPG')).toEqual(['foto.final', '.JPG'])
    expect(splitExtension('.bashrc')).toEqual(['.bashrc', ''])
    expect(splitExtension('sin-extension')).toEqual(['sin-extension', ''])
    expect(splitExtension('C:\\fotos\\boda.png')).toEqual(['boda', '.png'])
    expect(splitExtension('nota.tar.gz')).toEqual(['nota.tar', '.gz'])
  })

  it('shape keys as userMedia/owner/type/YYYY-MM/base_timestamp_asset.ext', () => {
    const at = new Date('2026-11-22T23:59:59.123Z')
    expect(mediaStoragePath({ ownerUserId: 'u1', linkedToType: 'member', fileName: 'Abuela Rosa.jpg', at, assetId: 'a1' })).toBe(
      `userMedia/u1/member/2026-11/Abuela_Rosa_${at.getTime()}_a1.jpg`,
    )
    expect(mediaStoragePath({ ownerUserId: 'u1', linkedToType: null, fileName: '../../etc/passwd', at, assetId: 'a2' })).toBe(
      `userMedia/u1/general/2026-11/passwd_${at.getTime()}_a2`,
    )
  })

  it('give two uploads of one name in one millisecond keys of their own', () => {
    const at = new Date('2026-11-22T10:00:00.000Z')
    const first = mediaStoragePath({ ownerUserId: 'u1', linkedToType: 'member', fileName: 'foto.jpg', at, assetId: '0193-a' })
    const second = mediaStoragePath({ ownerUserId: 'u1', linkedToType: 'member', fileName: 'foto.jpg', at, assetId: '0193-b' })
    expect(first).not.toBe(second)
  })
})
