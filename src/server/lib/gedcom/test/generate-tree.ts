// Synthetic family trees for tests and the benchmark: founders, their children over generations,
// spouses from outside, accented and non-Latin names, dates in several GEDCOM forms, places, notes
// (some long, some shared) and photos. The GEDCOM text is written here by hand, not by write.ts, so
// reading it checks the reader against a truth it did not produce.
import type { GedcomData, GedcomEvent, GedcomFamily, GedcomIndividual, GedcomPedigree, GedcomSex } from '../model.ts'

const GIVEN_MALE = ['José', 'João', 'François', 'Søren', 'Jiří', 'Łukasz', 'Đorđe', 'Þórður', 'Zoltán', 'Björn', 'Ignacio', 'Çağan', 'Văn Minh', 'Juan Pablo', 'Élie']
const GIVEN_FEMALE = ['María', 'Zoë', 'Anaïs', 'Åsa', 'Małgorzata', 'Siobhán', 'Núria', 'Renée', 'Dagný', 'Ximena', 'Chloé', 'Ingrid', 'María José', 'Ægileif', 'Thị Hương']
const SURNAMES = [
  'García',
  'Muñoz',
  'Ibáñez',
  'Müller',
  'Dvořák',
  'Kowalczyk',
  'Østergaard',
  'Núñez',
  'Çelik',
  'Nguyễn',
  'Żółkiewski',
  'Åberg',
  "O'Brien",
  'de la Cruz',
  '𠮷野',
  'van der Berg',
  'Ólafsdóttir',
  'Papadopoulos',
  'Иванова',
  'Κωνσταντίνου',
]
const PLACES = [
  'São Paulo, Brasil',
  'Kraków, Polska',
  'Zürich, Schweiz',
  'Reykjavík, Ísland',
  'Besançon, France',
  'Cádiz, Andalucía, España',
  'Malmö, Sverige',
  'Plzeň, Česko',
  'Łódź, Polska',
  '東京都, 日本',
  'Hà Nội, Việt Nam',
  'Santiago de Compostela, Galicia, España',
]
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const NOTE_SENTENCES = [
  'Emigró con su familia en busca de trabajo; llevaba una maleta de cartón y la foto de su madre.',
  'Trabajó en la fábrica de conservas de Vigo durante treinta años, «sin faltar ni un día».',
  'Escribía cartas cada domingo: su dirección era abuela@example.com cuando aprendió a usar el correo.',
  'Según la partida de bautismo, el apellido se escribía Ibañes; el párroco lo corrigió en 1931.',
  'Tocaba el acordeón en las fiestas del pueblo. Su canción favorita: «Ojos verdes».',
  'Sobrevivió a la gripe de 1918 y cuidó de sus cinco hermanos pequeños.',
]

/** A seeded PRNG (mulberry32): the same seed gives the same tree on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (probability: number) => next() < probability,
  }
}
type Random = ReturnType<typeof createRandom>

function dateAround(year: number, random: Random): string {
  const day = 1 + random.int(28)
  const month = random.pick(MONTHS)
  switch (random.int(10)) {
    case 0:
      return `ABT ${year}`
    case 1:
      return `BET ${year - 5} AND ${year + 5}`
    case 2:
      return `BEF ${year}`
    case 3:
      return `AFT ${year}`
    case 4:
      return `${month} ${year}`
    case 5:
      return `${year}`
    case 6:
      return `CAL ${year}`
    case 7:
      return `INT ${day} ${month} ${year} (según la partida)`
    default:
      return `${day} ${month} ${year}`
  }
}

function noteText(random: Random): string {
  const sentences = Array.from({ length: 1 + random.int(6) }, () => random.pick(NOTE_SENTENCES))
  // Some notes have paragraphs, and so CONT lines, including an empty one.
  return random.chance(0.3) ? `${sentences.join(' ')}\n\n${random.pick(NOTE_SENTENCES)}` : sentences.join(' ')
}

/** A tree of `size` people: every link stated on both sides, so reading it back must give exactly this. */
export function generateTree(size: number, seed = 20_260_101): GedcomData {
  const random = createRandom(seed)
  const individuals: GedcomIndividual[] = []
  const families: GedcomFamily[] = []
  let sharedNotes = 0
  // Families still to be given children, oldest first; an index instead of shift() keeps this linear.
  const queue: { family: GedcomFamily; year: number }[] = []
  let queueHead = 0

  const newPerson = (sex: GedcomSex, year: number, surname: string): GedcomIndividual => {
    const givenNames = random.pick(sex === 'F' ? GIVEN_FEMALE : sex === 'M' ? GIVEN_MALE : [...GIVEN_FEMALE, ...GIVEN_MALE])
    const person: GedcomIndividual = {
      xref: `I${individuals.length + 1}`,
      name: `${givenNames} /${surname}/`,
      givenNames,
      surname,
      sex,
      notes: [],
      media: [],
      childOf: [],
      spouseOf: [],
    }
    if (random.chance(0.9)) person.birth = event(year, random)
    if (year < 1940 && random.chance(0.8)) person.death = random.chance(0.2) ? {} : event(year + 40 + random.int(50), random)
    if (random.chance(0.3)) person.notes.push({ text: noteText(random) })
    if (random.chance(0.1)) person.media.push({ file: `fotos/${givenNames} ${surname} ${year}.jpg`, title: `${givenNames} en ${random.pick(PLACES)}`, format: 'jpg' })
    individuals.push(person)
    return person
  }
  const newFamily = (husband: GedcomIndividual | undefined, wife: GedcomIndividual | undefined, year: number): GedcomFamily => {
    const family: GedcomFamily = { xref: `F${families.length + 1}`, children: [], notes: [], media: [] }
    for (const [role, partner] of [
      ['husband', husband],
      ['wife', wife],
    ] as const) {
      if (!partner) continue
      family[role] = partner.xref
      partner.spouseOf.push(family.xref)
    }
    if (random.chance(0.8)) family.marriage = event(year + 22 + random.int(10), random)
    if (random.chance(0.05)) family.divorce = event(year + 40, random)
    if (random.chance(0.1)) family.notes.push({ text: noteText(random) })
    families.push(family)
    queue.push({ family, year: year + 25 })
    return family
  }

  while (individuals.length < size) {
    const next = queue[queueHead]
    if (next) queueHead += 1
    else {
      const year = 1820 + random.int(40)
      const surname = random.pick(SURNAMES)
      const husband = newPerson('M', year, surname)
      newFamily(husband, individuals.length < size ? newPerson('F', year + random.int(5), random.pick(SURNAMES)) : undefined, year)
      continue
    }
    const { family, year } = next
    // A line stops at the children of about 1980, so every date stays in the past (marriages
    // 22–32 years after the birth, a divorce 40): a new founding couple starts another line.
    if (year > 1980) continue
    const surname = (family.husband && individuals[Number(family.husband.slice(1)) - 1]?.surname) ?? random.pick(SURNAMES)
    const shared = random.chance(0.1) ? { text: `Hermanos criados por su abuela en ${random.pick(PLACES)}.`, record: `N${(sharedNotes += 1)}` } : undefined
    const childCount = 1 + random.int(4)
    for (let k = 0; k < childCount && individuals.length < size; k += 1) {
      const sex: GedcomSex = random.chance(0.01) ? 'U' : random.chance(0.005) ? 'X' : random.chance(0.5) ? 'M' : 'F'
      const child = newPerson(sex, year + random.int(15), surname)
      const pedigree: GedcomPedigree = random.chance(0.05) ? 'adopted' : random.chance(0.02) ? 'foster' : 'birth'
      family.children.push(child.xref)
      child.childOf.push({ family: family.xref, pedigree })
      if (shared) child.notes.push(shared)
      if (individuals.length < size && random.chance(0.75)) {
        const spouse = newPerson(child.sex === 'F' ? 'M' : 'F', year + random.int(15), random.pick(SURNAMES))
        const [husband, wife] = child.sex === 'F' ? [spouse, child] : [child, spouse]
        newFamily(husband, wife, year)
        // Now and then a second marriage, to someone from outside.
        if (individuals.length < size && random.chance(0.05)) newFamily(husband, newPerson('F', year + 10, random.pick(SURNAMES)), year + 10)
      }
    }
  }
  return { individuals, families }
}

function event(year: number, random: Random): GedcomEvent {
  const value: GedcomEvent = {}
  if (random.chance(0.95)) value.date = dateAround(year, random)
  if (random.chance(0.7)) value.place = random.pick(PLACES)
  return value
}

/**
 * GEDCOM 5.5.1 lines for a tree, written independently of write.ts: notes are cut every 60 code
 * points (mid-word, as real programs do) into CONC lines, `@` is doubled, links use inline OBJE.
 */
export function* generatedGedcomLines(data: GedcomData): Generator<string> {
  yield* ['0 HEAD', '1 SOUR GENERATOR', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8']
  const sharedNotes = new Map<string, string>()
  const text = (head: string, level: number, value: string): string[] => {
    const lines: string[] = []
    value.split('\n').forEach((paragraph, index) => {
      // Cut first, then escape: a cut between the two @s of an escape would leave two lone ones.
      const codePoints = Array.from(paragraph)
      const pieces: string[] = []
      for (let start = 0; start < codePoints.length; start += 60)
        pieces.push(
          codePoints
            .slice(start, start + 60)
            .join('')
            .replaceAll('@', '@@'),
        )
      if (pieces.length === 0) pieces.push('')
      pieces.forEach((piece, k) => {
        const start = index === 0 && k === 0 ? head : `${level + 1} ${k === 0 ? 'CONT' : 'CONC'}`
        lines.push(piece === '' ? start : `${start} ${piece}`)
      })
    })
    return lines
  }
  const eventLines = (tag: string, value: GedcomEvent) => [
    value.date === undefined && value.place === undefined ? `1 ${tag} Y` : `1 ${tag}`,
    ...(value.date === undefined ? [] : [`2 DATE ${value.date}`]),
    ...(value.place === undefined ? [] : [`2 PLAC ${value.place}`]),
  ]
  const attachments = (owner: GedcomIndividual | GedcomFamily) => {
    const lines: string[] = []
    for (const note of owner.notes) {
      if (note.record === undefined) lines.push(...text('1 NOTE', 1, note.text))
      else {
        sharedNotes.set(note.record, note.text)
        lines.push(`1 NOTE @${note.record}@`)
      }
    }
    for (const media of owner.media) {
      lines.push(
        '1 OBJE',
        `2 FILE ${media.file}`,
        ...(media.format === undefined ? [] : [`3 FORM ${media.format}`]),
        ...(media.title === undefined ? [] : [`2 TITL ${media.title}`]),
      )
    }
    return lines
  }
  for (const person of data.individuals) {
    yield `0 @${person.xref}@ INDI`
    if (person.name !== undefined) yield `1 NAME ${person.name}`
    if (person.givenNames) yield `2 GIVN ${person.givenNames}`
    yield `1 SEX ${person.sex}`
    if (person.birth) yield* eventLines('BIRT', person.birth)
    if (person.death) yield* eventLines('DEAT', person.death)
    for (const link of person.childOf) {
      yield `1 FAMC @${link.family}@`
      if (link.pedigree !== 'birth') yield `2 PEDI ${link.pedigree}`
    }
    for (const family of person.spouseOf) yield `1 FAMS @${family}@`
    yield* attachments(person)
  }
  for (const family of data.families) {
    yield `0 @${family.xref}@ FAM`
    if (family.husband) yield `1 HUSB @${family.husband}@`
    if (family.wife) yield `1 WIFE @${family.wife}@`
    for (const child of family.children) yield `1 CHIL @${child}@`
    if (family.marriage) yield* eventLines('MARR', family.marriage)
    if (family.divorce) yield* eventLines('DIV', family.divorce)
    yield* attachments(family)
  }
  for (const [xref, note] of sharedNotes) yield* text(`0 @${xref}@ NOTE`, 0, note)
  yield '0 TRLR'
}

export function generatedGedcomText(data: GedcomData, lineEnding = '\n'): string {
  return [...generatedGedcomLines(data)].join(lineEnding) + lineEnding
}
