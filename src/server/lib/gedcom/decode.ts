import { isUtf8 } from 'node:buffer'
import { decodeAnsel } from './ansel.ts'
import { decodeCp1252 } from './cp1252.ts'
import { isGedcom7, sniffHeader } from './header-sniff.ts'
import type { GedcomWarning } from './warnings.ts'

export type GedcomEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'ANSEL' | 'ASCII' | 'WINDOWS-1252' | 'MACINTOSH'

export interface DecodedGedcom {
  text: string
  /** What the bytes were actually decoded as (it can differ from the header's CHAR: see warnings). */
  encoding: GedcomEncoding
  /** The header's CHAR value as written, if any. */
  declaredCharset?: string
  /** GEDC.VERS as written, if any. */
  declaredVersion?: string
  hasBom: boolean
  warnings: GedcomWarning[]
}

/** 8-bit CHAR values (upper-cased) and the decoder each one means. */
const EIGHT_BIT_CHARSETS: Record<string, GedcomEncoding> = {
  ANSEL: 'ANSEL',
  ASCII: 'ASCII',
  'US-ASCII': 'ASCII',
  ANSI: 'WINDOWS-1252',
  'IBM WINDOWS': 'WINDOWS-1252',
  'WINDOWS-1252': 'WINDOWS-1252',
  CP1252: 'WINDOWS-1252',
  // Latin-1's printable characters are the same code points in Windows-1252, which browsers use for it too.
  'ISO-8859-1': 'WINDOWS-1252',
  'ISO8859-1': 'WINDOWS-1252',
  LATIN1: 'WINDOWS-1252',
  'LATIN-1': 'WINDOWS-1252',
  MACINTOSH: 'MACINTOSH',
  MACROMAN: 'MACINTOSH',
}

/**
 * GEDCOM bytes to text. A byte-order mark decides first, then a UTF-16 zero-byte pattern, then
 * GEDCOM 7 (always UTF-8), then the header's CHAR. Files that contradict their header in a way the
 * bytes prove (valid UTF-8 labelled ANSEL, bytes that cannot be UTF-8 labelled UTF-8) are read as
 * what they are, with a warning.
 */
export function decodeGedcom(bytes: Uint8Array): DecodedGedcom {
  const warnings: GedcomWarning[] = []
  const done = (text: string, encoding: GedcomEncoding, hasBom: boolean, header: { charset?: string; version?: string }): DecodedGedcom => ({
    text,
    encoding,
    ...(header.charset === undefined ? {} : { declaredCharset: header.charset }),
    ...(header.version === undefined ? {} : { declaredVersion: header.version }),
    hasBom,
    warnings,
  })

  const utf16 = detectUtf16(bytes)
  if (utf16) {
    const text = new TextDecoder(utf16.encoding === 'UTF-16LE' ? 'utf-16le' : 'utf-16be').decode(bytes)
    return done(text, utf16.encoding, utf16.hasBom, sniffHeader(text))
  }
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  const header = sniffHeader(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 65_536)).toString('latin1'))
  const declared = header.charset?.toUpperCase()

  if (hasBom || isGedcom7(header.version) || declared === 'UTF-8' || declared === 'UTF8') {
    if (isGedcom7(header.version) && declared !== undefined && declared !== 'UTF-8') {
      warnings.push({ code: 'charset_mismatch', message: `GEDCOM 7 is always UTF-8; CHAR ${header.charset} ignored` })
    }
    const decoded = decodeUtf8Leniently(bytes, warnings)
    return done(decoded.text, decoded.encoding, hasBom, header)
  }
  const eightBit = declared === undefined ? undefined : EIGHT_BIT_CHARSETS[declared]
  // Plain ASCII reads the same in every 8-bit charset; the label is kept as the encoding.
  if (isAscii(bytes)) return done(latin1(bytes), eightBit ?? 'ASCII', false, header)

  if (eightBit === undefined) {
    if (declared !== undefined) {
      const message = declared === 'UNICODE' ? 'CHAR UNICODE but the bytes are not UTF-16' : `unknown CHAR ${header.charset}`
      warnings.push({ code: declared === 'UNICODE' ? 'charset_mismatch' : 'unknown_charset', message })
    }
    const decoded = decodeUtf8Leniently(bytes, warnings)
    return done(decoded.text, decoded.encoding, false, header)
  }
  // Only real UTF-8 text passes this check: in ANSEL an accent byte is followed by a plain letter,
  // and in Windows-1252 an accented letter by another letter, neither of which continues a UTF-8 sequence.
  if (isUtf8(bytes)) {
    warnings.push({ code: 'charset_mismatch', message: `CHAR ${header.charset}, but the bytes are UTF-8: read as UTF-8` })
    return done(new TextDecoder('utf-8').decode(bytes), 'UTF-8', false, header)
  }
  switch (eightBit) {
    case 'ANSEL': {
      const { text, undefinedBytes } = decodeAnsel(bytes)
      if (undefinedBytes > 0) warnings.push({ code: 'invalid_bytes', message: `${undefinedBytes} byte(s) undefined in ANSEL, shown as �` })
      return done(text, 'ANSEL', false, header)
    }
    case 'MACINTOSH':
      return done(new TextDecoder('macintosh').decode(bytes), 'MACINTOSH', false, header)
    case 'ASCII':
      warnings.push({ code: 'charset_mismatch', message: 'CHAR ASCII, but the file has 8-bit characters: read as Windows-1252' })
      return done(decodeCp1252(bytes), 'WINDOWS-1252', false, header)
    default:
      return done(decodeCp1252(bytes), 'WINDOWS-1252', false, header)
  }
}

function detectUtf16(bytes: Uint8Array): { encoding: 'UTF-16LE' | 'UTF-16BE'; hasBom: boolean } | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'UTF-16LE', hasBom: true }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'UTF-16BE', hasBom: true }
  // Without a mark: a file starts with "0 HEAD", ASCII, so every other byte of its first line is zero.
  let evenZeros = 0
  let oddZeros = 0
  const pairs = Math.min(bytes.byteLength >> 1, 32)
  for (let i = 0; i < pairs; i += 1) {
    if (bytes[2 * i] === 0) evenZeros += 1
    if (bytes[2 * i + 1] === 0) oddZeros += 1
  }
  if (pairs < 2) return undefined
  if (oddZeros >= pairs * 0.75 && evenZeros === 0) return { encoding: 'UTF-16LE', hasBom: false }
  if (evenZeros >= pairs * 0.75 && oddZeros === 0) return { encoding: 'UTF-16BE', hasBom: false }
  return undefined
}

/**
 * UTF-8, unless the bytes hold not one valid multi-byte sequence: then they are a legacy 8-bit file
 * wearing a UTF-8 label, and Windows-1252 is by far the likeliest.
 */
function decodeUtf8Leniently(bytes: Uint8Array, warnings: GedcomWarning[]): { text: string; encoding: GedcomEncoding } {
  if (isUtf8(bytes)) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'UTF-8' }
  const { sequences, invalid } = countUtf8Sequences(bytes)
  if (sequences === 0) {
    warnings.push({ code: 'charset_mismatch', message: 'the file is not UTF-8 (no multi-byte sequence at all): read as Windows-1252' })
    return { text: decodeCp1252(bytes), encoding: 'WINDOWS-1252' }
  }
  warnings.push({ code: 'invalid_bytes', message: `${invalid} byte(s) are not valid UTF-8, shown as �` })
  return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'UTF-8' }
}

function countUtf8Sequences(bytes: Uint8Array): { sequences: number; invalid: number } {
  let sequences = 0
  let invalid = 0
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i] ?? 0
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0
    let isValid = length > 0 && i + length <= bytes.length
    for (let k = 1; isValid && k < length; k += 1) isValid = ((bytes[i + k] ?? 0) & 0xc0) === 0x80
    if (isValid && length > 1) sequences += 1
    if (!isValid) invalid += 1
    i += isValid ? length : 1
  }
  return { sequences, invalid }
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i += 1) if ((bytes[i] ?? 0) > 0x7f) return false
  return true
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}
