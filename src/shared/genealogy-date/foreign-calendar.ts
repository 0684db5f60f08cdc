/**
 * A GEDCOM date in a calendar we keep but do not read (Hebrew, French Republican: French civil
 * records of 1793–1805 use the latter). It stays a phrase, goes back out as the same GEDCOM
 * date (the calendar named as each version spells it), and sorts near its Gregorian year.
 */
export function foreignGedcomDate(text: string): { '5.5.1': string; '7.0': string | null; gregorianYear: number } | null {
  if (!/^[A-Z0-9 @#_/.]+$/.test(text)) return null
  const calendar = /(?:@#D(HEBREW|FRENCH R|ROMAN|UNKNOWN)@|\b(HEBREW|FRENCH_R) )/.exec(text)
  if (!calendar) return null
  const name = calendar[1] ?? calendar[2]!
  const year = Number(/(?:@#D[A-Z ]+@|HEBREW|FRENCH_R) (?:\d{1,2} )?(?:[A-Z]{3,4} )?(\d+)/.exec(text)?.[1])
  // Hebrew year 5700 began in autumn 1939; French Republican year 1 in autumn 1792.
  const offset = name === 'HEBREW' ? -3761 : name.startsWith('FRENCH') ? 1791 : 0
  return {
    '5.5.1': text.replace(/\b(HEBREW|FRENCH_R) /g, (_, name: string) => `@#D${name.replace('_', ' ')}@ `),
    // 7.0 dropped ROMAN and UNKNOWN: such a date can only travel as a phrase there.
    '7.0': /@#D(?:ROMAN|UNKNOWN)@/.test(text) ? null : text.replace(/@#D(HEBREW|FRENCH R)@/g, (_, name: string) => name.replace(' ', '_')),
    gregorianYear: year + offset,
  }
}
