import { describe, expect, it } from 'vitest'
import { createUploadSessions } from './upload-sessions.ts'

describe('upload sessions', () => {
  it('lets an upload’s chunks through only with the verified cookie and Origin, within the recheck time, until the upload ends', () => {
    let clock = 1_000
    const sessions = createUploadSessions({ recheckMs: 5_000, now: () => clock })
    expect(sessions.uploaderOf('up1', 'session=a.b')).toBeUndefined()
    sessions.remember('up1', 'session=a.b', 'rosa')
    expect(sessions.uploaderOf('up1', 'session=a.b')).toBe('rosa')
    // Another cookie, another upload or no cookie at all: the session is checked again.
    expect(sessions.uploaderOf('up1', 'session=c.d')).toBeUndefined()
    expect(sessions.uploaderOf('up2', 'session=a.b')).toBeUndefined()
    expect(sessions.uploaderOf('up1', undefined)).toBeUndefined()
    // Nor from another Origin than the request verified (which had none).
    expect(sessions.uploaderOf('up1', 'session=a.b', 'https://elsewhere.example')).toBeUndefined()
    sessions.remember('up2', 'session=a.b', 'rosa', 'https://legado.example')
    expect(sessions.uploaderOf('up2', 'session=a.b', 'https://legado.example')).toBe('rosa')
    expect(sessions.uploaderOf('up2', 'session=a.b')).toBeUndefined()
    clock += 4_999
    expect(sessions.uploaderOf('up1', 'session=a.b')).toBe('rosa')
    clock += 1
    expect(sessions.uploaderOf('up1', 'session=a.b')).toBeUndefined()
    sessions.remember('up1', 'session=a.b', 'rosa')
    sessions.forget('up1')
    expect(sessions.uploaderOf('up1', 'session=a.b')).toBeUndefined()
  })

  it('checks every chunk when the recheck time is zero', () => {
    const sessions = createUploadSessions({ recheckMs: 0 })
    sessions.remember('up1', 'session=a.b', 'rosa')
    expect(sessions.uploaderOf('up1', 'session=a.b')).toBeUndefined()
  })
})
