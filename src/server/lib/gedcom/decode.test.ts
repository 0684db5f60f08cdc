import { describe, expect, it } from 'vitest'
import { decodeGedcom } from './decode.ts'

/** Bytes from ASCII text and raw byte values, as an 8-bit GEDCOM file holds them. */
function bytes(...parts: (string | number[])[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)))
}

const head = (charset: string, version = '5.5.1') => `0 HEAD\n1 GEDC\n2 VERS ${version}\n1 CHAR ${charset}\n`
const sample = '0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME José /Núñez/\n1 NOTE 𠮷野 家\n0 TRLR\n'

describe('decodeGedcom: byte-order marks and UTF-16', () => {
  it('drops a UTF-8 byte-order mark and reports it', () => {
    const decoded = decodeGedcom(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample)]))
    expect(decoded).toMatchObject({ text: sample, encoding: 'UTF-8', hasBom: true, declaredCharset: 'UTF-8', warnings: [] })
  })

  it('reads UTF-16 little- and big-endian, with a mark or from the zero bytes of "0 HEAD" alone', () => {
    const little = Buffer.from(sample.replace('UTF-8', 'UNICODE'), 'utf16le')
    const big = Buffer.from(little).swap16()
    const mark = (order: number[], body: Buffer) => Buffer.concat([Buffer.from(order), body])
    for (const [input, encoding, hasBom] of [
      [mark([0xff, 0xfe], little), 'UTF-16LE', true],
      [mark([0xfe, 0xff], big), 'UTF-16BE', true],
      [little, 'UTF-16LE', false],
      [big, 'UTF-16BE', false],
    ] as const) {
      const decoded = decodeGedcom(input)
      expect(decoded.text).toBe(sample.replace('UTF-8', 'UNICODE'))
      expect(decoded).toMatchObject({ encoding, hasBom, declaredCharset: 'UNICODE' })
    }
  })
})

describe('decodeGedcom: ANSEL', () => {
  it('moves each combining mark after its letter and composes the pair (NFC)', () => {
    // "Jos" + acute + "e", "N" + acute + "u" + tilde + "nez": in ANSEL the accent comes first.
    const decoded = decodeGedcom(bytes(head('ANSEL'), '1 NAME Jos', [0xe2], 'e /N', [0xe2], 'u', [0xe4], 'nez/\n'))
    expect(decoded.encoding).toBe('ANSEL')
    expect(decoded.text).toContain('1 NAME Jos\u00e9 /N\u00fa\u00f1ez/\n')
  })

  it('keeps two marks on one letter in their order (Vietnamese ế = e + circumflex + acute)', () => {
    const decoded = decodeGedcom(bytes(head('ANSEL'), '1 NAME Nguy', [0xe3, 0xe2], 'en\n'))
    expect(decoded.text).toContain('1 NAME Nguyến\n')
  })

  it('keeps a mark with no precomposed form as a combining character after its letter', () => {
    const decoded = decodeGedcom(bytes(head('ANSEL'), '1 PLAC ', [0xf2], 'B ', [0xeb], 't', [0xec], 's\n'))
    expect(decoded.text).toContain('1 PLAC Ḅ t\ufe20s\ufe21\n')
  })

  it('maps the spacing characters, including the GEDCOM additions', () => {
    const decoded = decodeGedcom(bytes(head('ANSEL'), '1 NOTE ', [0xa1, 0xa2, 0xa5, 0xb1, 0xb2, 0xb5, 0xb8, 0xb9, 0xbe, 0xbf, 0xc3, 0xc5, 0xcf, 0xc8, 0xae, 0xb0], '\n'))
    expect(decoded.text).toContain('1 NOTE ŁØÆłøæı£□■©¿ß€ʾʿ\n')
  })

  it('reads a mark left at the end of a line as a lone mark, without swallowing the line break', () => {
    const decoded = decodeGedcom(bytes(head('ANSEL'), '1 NOTE a', [0xe2], '\n1 NOTE b\n'))
    expect(decoded.text).toContain('1 NOTE a\u0301\n1 NOTE b\n')
  })

  it('shows a byte ANSEL does not define as � and says how many there were', () => {
    const decoded = decodeGedcom(bytes(head('ANSEL'), '1 NOTE x', [0x80], 'y', [0xd5], '\n'))
    expect(decoded.text).toContain('1 NOTE x\ufffdy\ufffd\n')
    expect(decoded.warnings).toEqual([expect.objectContaining({ code: 'invalid_bytes', message: expect.stringContaining('2 byte') })])
  })

  it('reads a file labelled ANSEL whose bytes are valid UTF-8 as UTF-8, with a warning', () => {
    const decoded = decodeGedcom(Buffer.from(`${head('ANSEL')}1 NAME José /Núñez/\n`))
    expect(decoded.encoding).toBe('UTF-8')
    expect(decoded.text).toContain('José /Núñez/')
    expect(decoded.warnings[0]?.code).toBe('charset_mismatch')
  })

  it('reports a pure-ASCII ANSEL file as ANSEL without warnings', () => {
    expect(decodeGedcom(bytes(head('ANSEL'), '0 TRLR\n'))).toMatchObject({ encoding: 'ANSEL', warnings: [] })
  })
})

describe('decodeGedcom: Windows code pages and fallbacks', () => {
  it('decodes every high byte of ANSI (Windows-1252) as Microsoft’s table says', () => {
    const high = Array.from({ length: 128 }, (_, index) => 0x80 + index)
    const decoded = decodeGedcom(bytes(head('ANSI'), '1 NOTE ', high, '\n'))
    expect(decoded.encoding).toBe('WINDOWS-1252')
    // 0x80–0x9F from CP1252.TXT (the five unassigned bytes keep their C1 code point), then Latin-1.
    const windows = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'
    const latin1 = String.fromCharCode(...Array.from({ length: 96 }, (_, index) => 0xa0 + index))
    expect(decoded.text).toContain(`1 NOTE ${windows}${latin1}\n`)
  })

  it('reads the Mac Roman code page', () => {
    expect(decodeGedcom(bytes(head('MACINTOSH'), '1 NAME Ren', [0x8e], 'e\n')).text).toContain('1 NAME Renée\n')
  })

  it('reads 8-bit bytes in a file labelled ASCII as Windows-1252, with a warning', () => {
    const decoded = decodeGedcom(bytes(head('ASCII'), '1 NAME Jos', [0xe9], '\n'))
    expect(decoded.text).toContain('1 NAME José\n')
    expect(decoded.warnings[0]?.code).toBe('charset_mismatch')
  })

  it('reads a file labelled UTF-8 without a single UTF-8 sequence as Windows-1252', () => {
    const decoded = decodeGedcom(bytes(head('UTF-8'), '1 NAME Fran', [0xe7], 'ois\n'))
    expect(decoded).toMatchObject({ encoding: 'WINDOWS-1252', warnings: [expect.objectContaining({ code: 'charset_mismatch' })] })
    expect(decoded.text).toContain('François')
  })

  it('keeps UTF-8 with a few broken bytes as UTF-8, marking the broken ones', () => {
    const decoded = decodeGedcom(Buffer.concat([Buffer.from(`${head('UTF-8')}1 NAME José `), Buffer.from([0xff]), Buffer.from('\n')]))
    expect(decoded).toMatchObject({ encoding: 'UTF-8', warnings: [expect.objectContaining({ code: 'invalid_bytes' })] })
    expect(decoded.text).toContain('José \ufffd')
  })

  it('reads GEDCOM 7 as UTF-8 whatever CHAR says', () => {
    const decoded = decodeGedcom(Buffer.from(`${head('ANSEL', '7.0')}1 NAME Zoë\n`))
    expect(decoded).toMatchObject({ encoding: 'UTF-8', declaredVersion: '7.0' })
    expect(decoded.text).toContain('Zoë')
    expect(decoded.warnings[0]?.code).toBe('charset_mismatch')
  })

  it('guesses UTF-8 for a file without CHAR whose bytes are UTF-8, and warns for an unknown CHAR', () => {
    expect(decodeGedcom(Buffer.from('0 HEAD\n1 NAME Zoë\n')).encoding).toBe('UTF-8')
    const unknown = decodeGedcom(Buffer.from(`${head('KLINGON')}1 NAME Zoë\n`))
    expect(unknown).toMatchObject({ encoding: 'UTF-8', warnings: [expect.objectContaining({ code: 'unknown_charset' })] })
  })

  it('decodes an empty file to empty text', () => {
    expect(decodeGedcom(new Uint8Array()).text).toBe('')
  })
})
