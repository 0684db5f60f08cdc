// Read → write → read keeps what a family would miss if it were lost: people, names, sex, families
// with their partners and children in order, pedigrees, dates and places as written, notes, media.
import { describe, expect, it } from 'vitest'
import { readGedcomFile } from './index.ts'
import type { GedcomData } from './model.ts'
import { comparable } from './test/comparable.ts'
import { generateTree, generatedGedcomText } from './test/generate-tree.ts'
import { hasSharedGedcom, noticeMissingSharedGedcom, readSharedTree } from './test/shared-files.ts'
import type { GedcomWarning } from './warnings.ts'
import { writeGedcomString, type GedcomWriteVersion } from './write.ts'

noticeMissingSharedGedcom()

function roundTrip(data: GedcomData, version: GedcomWriteVersion) {
  const writeWarnings: GedcomWarning[] = []
  const text = writeGedcomString(data, { version, onWarning: (warning) => writeWarnings.push(warning) })
  return { text, back: readGedcomFile(Buffer.from(text)), writeWarnings }
}

describe.skipIf(!hasSharedGedcom)('round trips of the public files', () => {
  const files = [
    'gedcom-5.5/large/royal92.ged',
    'gedcom-5.5/large/pres2020.ged',
    'gedcom-5.5/torture-test/TGC551LF.ged',
    'gedcom-5.5/torture-test/TGC55CLF.ged',
    'gedcom-7.0/maximal70.ged',
  ]

  describe.each(files)('%s', (file) => {
    // Read inside the tests, never while collecting them: a skipped suite is still collected.
    let cached: ReturnType<typeof readSharedTree> | undefined
    const readOriginal = () => (cached ??= readSharedTree(file))

    it.each(['5.5.1', '7.0'] as const)('keeps the tree through GEDCOM %s', (version) => {
      const original = readOriginal()
      const { text, back, writeWarnings } = roundTrip(original, version)
      const isAcrossVersion7 = version === '7.0' || original.header.version === '7.0'
      const isThrough551 = version === '5.5.1'
      expect(comparable(back, { isAcrossVersion7, isThrough551 })).toEqual(comparable(original, { isAcrossVersion7, isThrough551 }))
      expect(back.counts).toEqual(original.counts)
      // Our own output is clean: nothing to warn about, no custom tags, and the right shape per version.
      expect(back.warnings).toEqual([])
      expect(back.unknownTags).toEqual({})
      expect(writeWarnings).toEqual([])
      expect(back.header.version).toBe(version)
      if (version === '7.0') expect(text).not.toMatch(/^\d+ (CONC|CHAR) /m)
      else expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(255)
    })
  })

  it('keeps every date of the 5.5 files exactly as written through 5.5.1', () => {
    for (const file of files.slice(0, 4)) {
      const original = readSharedTree(file)
      const dates = (data: GedcomData) =>
        data.individuals.flatMap((person) => [person.birth?.date, person.death?.date]).concat(data.families.flatMap((family) => [family.marriage?.date, family.divorce?.date]))
      expect(dates(roundTrip(original, '5.5.1').back)).toEqual(dates(original))
    }
  })

  it('turns the dates 7.0 cannot hold into phrases and brings them back unchanged', () => {
    // royal92 has dual years ("1815/1816"), which 7.0 dropped, and padding spaces it does not allow
    // either: 7.0 writes the new-style year, with the date as written in the phrase.
    const royals = readSharedTree('gedcom-5.5/large/royal92.ged')
    const index = royals.individuals.findIndex((person) => person.birth?.date?.includes('/'))
    const dual = royals.individuals[index]?.birth?.date as string
    expect(dual).toMatch(/\d\/\d+$/)
    const through7 = roundTrip(royals, '7.0').back
    expect(through7.individuals[index]?.birth?.date).toBe(dual.replace(/(\d+)\/\d+$/, (_whole, year: string) => String(Number(year) + 1)))
    expect(through7.individuals[index]?.birth?.datePhrase).toBe(dual)
    expect(roundTrip(through7, '5.5.1').back.individuals[index]?.birth?.date).toBe(dual)
  })
})

describe('round trips of a generated tree', () => {
  const data = generateTree(2_000)
  const text = generatedGedcomText(data)

  it('reads the generated file as exactly the tree it was made from', () => {
    const tree = readGedcomFile(Buffer.from(text))
    expect(tree.warnings).toEqual([])
    expect(tree.counts.people).toBe(2_000)
    expect(tree.counts.notes).toBeGreaterThan(500)
    expect(tree.counts.mediaReferences).toBeGreaterThan(100)
    expect({ individuals: tree.individuals, families: tree.families }).toEqual(data)
  })

  it('reads it the same with CRLF and CR line endings', () => {
    for (const ending of ['\r\n', '\r']) {
      const tree = readGedcomFile(Buffer.from(generatedGedcomText(data, ending)))
      expect({ individuals: tree.individuals, families: tree.families }).toEqual(data)
    }
  })

  it.each(['5.5.1', '7.0'] as const)('keeps 2,000 people through GEDCOM %s', (version) => {
    const { back, writeWarnings } = roundTrip(data, version)
    const isAcrossVersion7 = version === '7.0'
    expect(back.warnings).toEqual([])
    expect(writeWarnings).toEqual([])
    const isThrough551 = version === '5.5.1'
    expect(comparable(back, { isAcrossVersion7, isThrough551 })).toEqual(comparable(data, { isAcrossVersion7, isThrough551 }))
    if (version === '5.5.1')
      expect({
        individuals: back.individuals.map(({ media, ...person }) => ({ ...person, media: media.map(({ record: _record, ...ref }) => ref) })),
        families: back.families,
      }).toEqual({ ...data, individuals: data.individuals.map((person) => (person.sex === 'X' ? { ...person, sex: 'U' } : person)) })
  })
})
