/** Words that begin a surname rather than end the given names: «María de la Cruz», «Jean du Pont». */
const surnameParticles = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'da',
  'das',
  'do',
  'dos',
  'du',
  'des',
  'le',
  'van',
  'von',
  'der',
  'den',
  'di',
  'della',
  'saint',
  'san',
  'santa',
])

/**
 * A full name as people type it («Carmen López García») split into the tree's two parts: the
 * first word is the given name and the rest the surnames; with four words or more the first two
 * are given names («María José Pérez López»), unless the second begins the surname («Juan de la
 * Cruz Pérez»). A single word is a given name with no surname yet. The person can correct either
 * part on their card; this only saves them typing it twice.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return { firstName: '', lastName: '' }
  const givenCount = words.length >= 4 && !surnameParticles.has(words[1]!.toLowerCase()) ? 2 : 1
  return { firstName: words.slice(0, givenCount).join(' '), lastName: words.slice(givenCount).join(' ') }
}

/** Lower case, accents and extra spaces removed: how two spellings of one name are compared. */
function nameKey(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
}

/** Whether two people carry the same full name, whatever the case, the accents or where the given names end. */
export function isSameFullName(a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }): boolean {
  return nameKey(a.firstName, a.lastName) === nameKey(b.firstName, b.lastName)
}

/** The two parts of a name said as one («Rosa Pérez»); null when both are empty. */
export function joinFullName(firstName: string | null, lastName: string | null): string | null {
  return [firstName, lastName].filter(Boolean).join(' ').trim() || null
}
