import { randomBytes } from 'node:crypto'

/**
 * Crockford's base32 in lower case: no i, l, o or u, so a token read off paper cannot be typed
 * as another; 0 and 1 stand alone.
 */
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'
/** 20 characters of 5 bits: 100 random bits, beyond any guessing, and short enough to type from a page. */
export const tokenLength = 20

/** A new token from the system's random source. */
export function newListeningToken(): string {
  const bytes = randomBytes(Math.ceil((tokenLength * 5) / 8))
  let bits = 0n
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte)
  let token = ''
  for (let index = 0; index < tokenLength; index += 1) token += alphabet[Number((bits >> BigInt(index * 5)) & 31n)]
  return token
}

/**
 * A token as typed from a printed page: capitals, spaces and dashes forgiven, the letters the
 * alphabet leaves out read as the digits they look like (i and l as 1, o as 0). Undefined when it
 * cannot be a token.
 */
export function readListeningToken(typed: string): string | undefined {
  const token = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0')
  return token.length === tokenLength && [...token].every((char) => alphabet.includes(char)) ? token : undefined
}
