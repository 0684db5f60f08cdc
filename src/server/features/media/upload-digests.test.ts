import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createUploadDigests, type UploadDigests } from './upload-digests.ts'

/** One write of `bytes` at `offset` as the upload store makes it: the watched stream read to its end, then settled. */
async function write(digests: UploadDigests, id: string, offset: number, bytes: Buffer, fails = false): Promise<number> {
  const watched = digests.watch(id, offset, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]))
  let length = 0
  for await (const chunk of watched.bytes as AsyncIterable<Buffer>) length += chunk.length
  const reached = fails ? undefined : offset + length
  watched.settled(reached)
  return offset + length
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('upload digests', () => {
  const letter = Buffer.from('Querida nieta: te escribo desde la finca. '.repeat(200))

  it('knows a finished upload’s sha256, first bytes and plain text when every chunk passed here in order', async () => {
    const digests = createUploadDigests({ headLength: 100 })
    const half = 3000
    await write(digests, 'up1', 0, letter.subarray(0, half))
    await write(digests, 'up1', half, letter.subarray(half))
    const received = digests.take('up1', letter.length)
    expect(received).toEqual({ head: letter.subarray(0, 100), sha256: sha256(letter), isPlainText: true })
    // Taken once: the upload is forgotten.
    expect(digests.take('up1', letter.length)).toBeUndefined()
  })

  it('says when the bytes stop being plain text after the first ones', async () => {
    const digests = createUploadDigests({ headLength: 100 })
    const turned = Buffer.concat([letter, Buffer.from([0, 1, 2])])
    await write(digests, 'up1', 0, turned)
    expect(digests.take('up1', turned.length)).toMatchObject({ sha256: sha256(turned), isPlainText: false })
  })

  it('knows nothing of an upload it did not see whole: begun elsewhere, a chunk missed, a write that failed, or not all bytes yet', async () => {
    const digests = createUploadDigests({ headLength: 100 })
    // Begun before a restart or on another instance: its first bytes never passed here.
    await write(digests, 'elsewhere', 1000, letter.subarray(1000))
    expect(digests.take('elsewhere', letter.length)).toBeUndefined()
    // A chunk written elsewhere in between.
    await write(digests, 'gap', 0, letter.subarray(0, 2000))
    await write(digests, 'gap', 3000, letter.subarray(3000))
    expect(digests.take('gap', letter.length)).toBeUndefined()
    // A write that failed half-way: what reached the file is unknown.
    await write(digests, 'failed', 0, letter.subarray(0, 2000))
    await write(digests, 'failed', 2000, letter.subarray(2000), true)
    expect(digests.take('failed', letter.length)).toBeUndefined()
    await write(digests, 'short', 0, letter.subarray(0, 2000))
    expect(digests.take('short', letter.length)).toBeUndefined()
  })

  it('starts again when an upload is written from its first byte again, and forgets idle and ended uploads', async () => {
    let clock = 0
    const digests = createUploadDigests({ headLength: 100, now: () => clock })
    await write(digests, 'again', 0, Buffer.from('otra cosa'))
    await write(digests, 'again', 0, letter)
    expect(digests.take('again', letter.length)?.sha256).toBe(sha256(letter))
    await write(digests, 'idle', 0, letter.subarray(0, 2000))
    await write(digests, 'ended', 0, letter)
    digests.forget('ended')
    expect(digests.take('ended', letter.length)).toBeUndefined()
    clock += 60_000
    await write(digests, 'busy', 0, letter)
    digests.forgetIdle(60_000)
    await write(digests, 'idle', 2000, letter.subarray(2000))
    expect(digests.take('idle', letter.length)).toBeUndefined()
    expect(digests.take('busy', letter.length)?.sha256).toBe(sha256(letter))
  })
})
