const HEADER_LINE = /^[\s\ufeff]*(\d+)\s+(?:@[^@]*@\s+)?([A-Za-z0-9_]+)(?:[ \t](.*))?$/

/**
 * CHAR and GEDC.VERS from the HEAD record, read from the first lines of `text` only. Decoding needs
 * CHAR before the text exists (so it reads the bytes as Latin-1, which keeps ASCII tags intact), and
 * parsing needs the version before the first record, because 5.5.1 and 7.0 unescape `@@` differently.
 */
export function sniffHeader(text: string): { charset?: string; version?: string } {
  const found: { charset?: string; version?: string } = {}
  let isInHead = false
  let isInGedc = false
  for (const line of text.slice(0, 65_536).split(/\r\n|\r|\n/, 500)) {
    const match = HEADER_LINE.exec(line)
    if (!match) continue
    const level = Number(match[1])
    const tag = (match[2] ?? '').toUpperCase()
    const value = (match[3] ?? '').trim()
    if (level === 0) {
      if (isInHead || tag !== 'HEAD') break
      isInHead = true
    } else if (level === 1) {
      isInGedc = tag === 'GEDC'
      if (tag === 'CHAR' && value) found.charset = value
    } else if (level === 2 && isInGedc && tag === 'VERS' && value) {
      found.version = value
    }
  }
  return found
}

export function isGedcom7(version: string | undefined): boolean {
  return version !== undefined && /^7(\.|$)/.test(version.trim())
}
