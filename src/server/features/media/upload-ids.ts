import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const idPattern = /^([0-9a-f]{32})-([0-9a-f]{32})$/

/**
 * Upload ids that name their owner: `<random>-<HMAC(key, random:owner)>`. Every request of an
 * upload (a PATCH per chunk) is checked against the signed-in person with one hash, not by reading
 * the upload's record from disk or the bucket; any instance sharing the secret can check it.
 */
export function createUploadIds(secret: string) {
  // A key of its own, derived from the auth secret: an upload id can never pass for a session token.
  const key = createHmac('sha256', secret).update('legado upload ids').digest()
  const tagOf = (nonce: string, ownerId: string) => createHmac('sha256', key).update(`${nonce}:${ownerId}`).digest().subarray(0, 16)

  return {
    create(ownerId: string): string {
      const nonce = randomBytes(16).toString('hex')
      return `${nonce}-${tagOf(nonce, ownerId).toString('hex')}`
    },
    /** Whether the id was made for `ownerId`; undefined for an id of another form (an upload begun before ids named their owner). */
    isOwnedBy(id: string, ownerId: string): boolean | undefined {
      const match = idPattern.exec(id)
      if (!match) return undefined
      return timingSafeEqual(tagOf(match[1]!, ownerId), Buffer.from(match[2]!, 'hex'))
    },
  }
}
export type UploadIds = ReturnType<typeof createUploadIds>
