// Windows-1252 ("ANSI" in GEDCOM headers): Latin-1 except for 0x80–0x9F, where Windows put
// typographic punctuation, the euro and a few letters. The five bytes Windows leaves undefined keep
// their Latin-1 (control) code point, as browsers do.
const HIGH_CONTROL_RANGE = [
  '€',
  '\u0081',
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  '\u008d',
  'Ž',
  '\u008f',
  '\u0090',
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  '\u009d',
  'ž',
  'Ÿ',
]

const WINDOWS_ONLY = /[\u0080-\u009f]/g

export function decodeCp1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return latin1.replace(WINDOWS_ONLY, (char) => HIGH_CONTROL_RANGE[char.charCodeAt(0) - 0x80] ?? char)
}
