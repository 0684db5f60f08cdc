// ANSEL (ANSI/NISO Z39.47, the extended Latin set of MARC-8) as GEDCOM 5.x uses it, with the four
// characters GEDCOM added (BE, BF, CD, CE) and its es-zet at CF.

/** Spacing characters, by byte. Bytes absent here (and from COMBINING) are undefined in ANSEL. */
const SPACING: Record<number, string> = {
  0x88: '', // non-sort begin: marks text to skip when sorting, nothing to show
  0x89: '', // non-sort end
  0x8d: '\u200d', // joiner
  0x8e: '\u200c', // non-joiner
  0xa1: 'Ł',
  0xa2: 'Ø',
  0xa3: 'Đ',
  0xa4: 'Þ',
  0xa5: 'Æ',
  0xa6: 'Œ',
  0xa7: 'ʹ', // miagkii znak (soft sign)
  0xa8: '·',
  0xa9: '♭',
  0xaa: '®',
  0xab: '±',
  0xac: 'Ơ',
  0xad: 'Ư',
  // Alif and ayn: the transliteration half rings, as the GEDCOM 5.5.5 table and the Gramps test
  // data pair them (MARC-8 tables map them to U+02BC/U+02BB instead).
  0xae: 'ʾ',
  0xb0: 'ʿ',
  0xb1: 'ł',
  0xb2: 'ø',
  0xb3: 'đ',
  0xb4: 'þ',
  0xb5: 'æ',
  0xb6: 'œ',
  0xb7: 'ʺ', // tverdyi znak (hard sign)
  0xb8: 'ı',
  0xb9: '£',
  0xba: 'ð',
  0xbc: 'ơ',
  0xbd: 'ư',
  0xbe: '□', // GEDCOM: empty box
  0xbf: '■', // GEDCOM: black box
  0xc0: '°',
  0xc1: 'ℓ',
  0xc2: '℗',
  0xc3: '©',
  0xc4: '♯',
  0xc5: '¿',
  0xc6: '¡',
  0xc7: 'ß', // MARC-21's eszett
  0xc8: '€',
  0xcd: 'e', // GEDCOM: midline e
  0xce: 'o', // GEDCOM: midline o
  0xcf: 'ß', // GEDCOM's es-zet
}

/** Combining diacritics, by byte. In ANSEL they come before the letter they mark. */
const COMBINING: Record<number, string> = {
  0xe0: '\u0309', // hook above (low rising tone)
  0xe1: '\u0300', // grave
  0xe2: '\u0301', // acute
  0xe3: '\u0302', // circumflex
  0xe4: '\u0303', // tilde
  0xe5: '\u0304', // macron
  0xe6: '\u0306', // breve
  0xe7: '\u0307', // dot above
  0xe8: '\u0308', // diaeresis (umlaut)
  0xe9: '\u030c', // caron (hacek)
  0xea: '\u030a', // ring above (angstrom)
  0xeb: '\ufe20', // ligature, left half
  0xec: '\ufe21', // ligature, right half
  0xed: '\u0315', // comma above right (high comma, off centre)
  0xee: '\u030b', // double acute
  0xef: '\u0310', // candrabindu
  0xf0: '\u0327', // cedilla
  0xf1: '\u0328', // ogonek (right hook)
  0xf2: '\u0323', // dot below
  0xf3: '\u0324', // diaeresis below (double dot below)
  0xf4: '\u0325', // ring below (circle below)
  0xf5: '\u0333', // double low line (double underscore)
  0xf6: '\u0332', // low line (underscore)
  0xf7: '\u0326', // comma below (left hook)
  0xf8: '\u031c', // left half ring below (right cedilla)
  0xf9: '\u032e', // breve below (half circle below)
  0xfa: '\ufe22', // double tilde, left half
  0xfb: '\ufe23', // double tilde, right half
  0xfe: '\u0313', // comma above (high comma, centred)
}

// On the text read byte-for-byte as Latin-1: a run of combining bytes with the character they mark
// (never a line break: a mark at the end of a line has nothing to mark), or one other high byte.
const ANSEL_SEQUENCE = /([\u00e0-\u00fb\u00fe]+)([^\u00e0-\u00fb\u00fe\r\n]?)|[\u0080-\u00df\u00fc\u00fd\u00ff]/g

/**
 * Decodes ANSEL bytes to Unicode: marks move after their letter, as Unicode wants, and each
 * accented letter is normalised to NFC so `é` is one character whichever way the file spelt it.
 */
export function decodeAnsel(bytes: Uint8Array): { text: string; undefinedBytes: number } {
  let undefinedBytes = 0
  const spacing = (char: string): string => {
    const code = char.charCodeAt(0)
    if (char === '' || code < 0x80) return char
    const mapped = SPACING[code]
    if (mapped !== undefined) return mapped
    undefinedBytes += 1
    return '\ufffd'
  }
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const text = latin1.replace(ANSEL_SEQUENCE, (sequence: string, marks: string | undefined, base: string | undefined) => {
    if (marks === undefined) return spacing(sequence)
    let combining = ''
    for (let i = 0; i < marks.length; i += 1) combining += COMBINING[marks.charCodeAt(i)] ?? ''
    return (spacing(base ?? '') + combining).normalize('NFC')
  })
  return { text, undefinedBytes }
}
