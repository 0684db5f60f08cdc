// The public test files (../shared/gedcom): every one reads, with the people and families its
// README counts; encodings, accents and line endings come out as the family wrote them.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readGedcomFile } from './index.ts'
import type { GedcomIndividual } from './model.ts'
import { hasSharedGedcom, noticeMissingSharedGedcom, readSharedBytes, readSharedTree, sharedFileCounts, sharedGedcomDir } from './test/shared-files.ts'

noticeMissingSharedGedcom()

const EXPECTED_COUNTS = sharedFileCounts

function gedcomFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.toLowerCase().endsWith('.ged'))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
}

const byXref = (people: GedcomIndividual[], xref: string) => people.find((person) => person.xref === xref) as GedcomIndividual

describe.skipIf(!hasSharedGedcom)('public GEDCOM files', () => {
  it('has a count for every .ged file in the folder', () => {
    expect(gedcomFilesUnder(sharedGedcomDir)).toEqual(Object.keys(EXPECTED_COUNTS).sort())
  })

  it.each(Object.entries(EXPECTED_COUNTS))('%s reads with its people and families', (file, [people, families]) => {
    const tree = readSharedTree(file)
    expect(tree.counts).toMatchObject({ people, families })
    expect(tree.individuals).toHaveLength(people)
    expect(tree.families).toHaveLength(families)
  })

  it('detects the encodings and versions the headers declare', () => {
    expect(readSharedTree('gedcom-5.5/large/royal92.ged')).toMatchObject({ encoding: 'ANSEL', header: { charset: 'ANSEL', source: { id: 'PAF 2.2' } } })
    expect(readSharedTree('gedcom-5.5/large/pres2020.ged')).toMatchObject({ encoding: 'UTF-8', header: { version: '5.5.1', charset: 'UTF-8' } })
    expect(readSharedTree('gedcom-5.5/torture-test/TGC551.ged')).toMatchObject({ encoding: 'ANSEL', header: { version: '5.5' } })
    expect(readSharedTree('gedcom-7.0/maximal70.ged')).toMatchObject({ encoding: 'UTF-8', header: { version: '7.0' } })
    expect(readSharedTree('encoding/utf16be.ged')).toMatchObject({ encoding: 'UTF-16BE', header: { version: '5.5.5', charset: 'UNICODE' } })
  })
})

describe.skipIf(!hasSharedGedcom)('public GEDCOM files: encodings', () => {
  it('gives the same people and families from the UTF-8, UTF-16 LE and UTF-16 BE copies of one sample', () => {
    const [utf8, little, big] = ['encoding/utf8-bom.ged', 'encoding/utf16le.ged', 'encoding/utf16be.ged'].map(readSharedTree)
    expect(utf8?.encoding).toBe('UTF-8')
    expect(little?.encoding).toBe('UTF-16LE')
    expect(big?.encoding).toBe('UTF-16BE')
    expect(little?.individuals).toEqual(utf8?.individuals)
    expect(big?.individuals).toEqual(utf8?.individuals)
    expect(little?.families).toEqual(utf8?.families)
    expect(big?.families).toEqual(utf8?.families)
    expect(byXref(utf8?.individuals ?? [], 'I3')).toMatchObject({
      givenNames: 'Joe',
      surname: 'Williams',
      childOf: [
        { family: 'F1', pedigree: 'birth' },
        { family: 'F2', pedigree: 'adopted' },
      ],
    })
  })

  // The Gramps pair is one family (the same xrefs, links and test characters) but not identical text:
  // the ANSEL copy names each combining mark by its ANSEL byte and spells out all 26 letters with it,
  // the UTF-8 copy names the Unicode code point and keeps only letters Unicode has precomposed; and
  // only the UTF-8 copy gives the parents Cyrillic and Greek places, which ANSEL cannot write.
  const ansel = () => readSharedTree('encoding/ansel-lf.ged')
  const utf8 = () => readSharedTree('encoding/utf8-nobom-lf.ged')

  it('reads the ANSEL and UTF-8 copies as the same family, with the same test characters', () => {
    const [fromAnsel, fromUtf8] = [ansel(), utf8()]
    expect(fromAnsel.encoding).toBe('ANSEL')
    expect(fromAnsel.individuals.map((person) => [person.xref, person.sex, person.childOf, person.spouseOf])).toEqual(
      fromUtf8.individuals.map((person) => [person.xref, person.sex, person.childOf, person.spouseOf]),
    )
    expect(fromAnsel.families).toEqual(fromUtf8.families)
    for (const xref of ['CHILD0', 'CHILD1', 'CHILD2', 'CHILD3']) {
      const [a, u] = [byXref(fromAnsel.individuals, xref), byXref(fromUtf8.individuals, xref)]
      expect(a.name).toBe(u.name)
      // "slash l - uppercase (Ł)" against "capital L with stroke (Ł)": the character in brackets must match.
      const tested = (person: GedcomIndividual) => [...`${person.birth?.place} ${person.death?.place}`.matchAll(/\((.)\)/gu)].map((match) => match[1])
      expect(tested(a)).toEqual(tested(u))
      expect(tested(a).length).toBeGreaterThanOrEqual(8)
    }
    expect(byXref(fromAnsel.individuals, 'CHILD0').birth?.place).toBe('slash l - uppercase (Ł), slash o - uppercase (Ø), slash d - uppercase (Đ), thorn - uppercase (Þ)')
    expect(byXref(fromUtf8.individuals, 'CHILD0').birth?.place).toBe('capital L with stroke (Ł), capital O with stroke (Ø), capital D with stroke (Đ), capital thorn (Þ)')
  })

  /** Precomposed letters added in Unicode 3.0 and later, by mark: composed from ANSEL, absent from the older UTF-8 list. */
  const NEWER_PRECOMPOSED: Record<string, string> = { '\u0300': 'Ǹǹ', '\u0304': 'Ȳȳ', '\u0307': 'ȦȮȧȯ', '\u030c': 'Ȟȟ', '\u0327': 'Ȩȩ', '\u0326': 'ȘȚșț' }

  it('puts after each ANSEL letter the very combining mark the UTF-8 copy names, composed where Unicode can', () => {
    const [fromAnsel, fromUtf8] = [ansel(), utf8()]
    for (let child = 4; child <= 32; child += 1) {
      const xref = `CHILD${child}`
      const [a, u] = [byXref(fromAnsel.individuals, xref), byXref(fromUtf8.individuals, xref)]
      const mark = String.fromCodePoint(Number.parseInt(/^code: ([0-9A-F]{4})/.exec(u.name ?? '')?.[1] ?? 'x', 16))
      const letters = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(`${a.birth?.place}${a.death?.place}`)].map((part) => part.segment)
      expect(letters).toHaveLength(52)
      letters.forEach((letter, index) => {
        expect(letter).toBe(letter.normalize('NFC'))
        expect(letter.normalize('NFD')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[index] + mark)
      })
      // The UTF-8 copy lists the letters Unicode has precomposed with that mark, in the same order.
      // It predates Unicode 3.0, so it lacks a few (Ǹ, Ȳ, Ȧ, Ȟ, Ȩ, Ș…); and for 0332 it lists letters
      // built with 0331 (macron below), so those cannot match the mark its own name states.
      const precomposed = letters.filter((letter) => letter.length === 1)
      const listed = u.death?.place === '- none -' ? [] : [...(u.death?.place ?? '').replaceAll(',', '')]
      const listedWithMark = listed.filter((letter) => letter.normalize('NFD').endsWith(mark))
      expect(precomposed.filter((letter) => listedWithMark.includes(letter))).toEqual(listedWithMark)
      expect(precomposed.filter((letter) => !listed.includes(letter)).join('')).toBe(NEWER_PRECOMPOSED[mark] ?? '')
      if (mark !== '\u0332') expect(listedWithMark).toEqual(listed)
    }
  })

  it('decodes accented names, places and notes exactly', () => {
    const presidents = readSharedTree('gedcom-5.5/large/pres2020.ged')
    expect(byXref(presidents.individuals, 'I2186')).toMatchObject({
      name: 'Ivana /Zelníčková/',
      givenNames: 'Ivana',
      surname: 'Zelníčková',
      sex: 'F',
      media: [{ file: 'C:\\FTM\\US_Presidents_2020 Media\\Photo_Ivana_Trump.jpg', title: 'Ivana Trump', format: 'jpg', record: 'M22' }],
    })
    expect(byXref(presidents.individuals, 'I812').birth?.place).toBe('Lomersheim, Enzkreis, Baden-Württemberg, Germany')
    expect(
      presidents.individuals.filter((person) => person.death?.place === 'Paris, Île-de-France, France' || person.birth?.place === 'Paris, Île-de-France, France'),
    ).not.toHaveLength(0)

    const torture = readSharedTree('gedcom-5.5/torture-test/TGC551.ged')
    const lucy = torture.individuals.find((person) => person.givenNames === 'Lucy Special')
    for (const line of [
      'A1 slash l - uppercase (Ł)',
      'AD hook u - uppercase (Ư)',
      'B8 dotless i - lowercase (ı)',
      'BE empty box - LDS extension (□)',
      'C2 phonograph copyright mark (℗)',
      'CF es zet (ß)',
    ]) {
      expect(lucy?.notes[0]?.text.split('\n')).toContain(line)
    }
    const charlie = torture.individuals.find((person) => person.givenNames === 'Charlie Accented')
    expect(charlie?.notes[0]?.text).toContain(
      'code: E2 (Unicode: acute, 0301) acute accent:\n     \u00c1B\u0301\u0106D\u0301\u00c9F\u0301\u01f4H\u0301\u00cdJ\u0301\u1e30\u0139\u1e3e\n',
    )
    expect(charlie?.notes[0]?.text).toContain(
      'code: F0 (Unicode: cedilla, 0327) cedilla\n     A\u0327B\u0327\u00c7\u1e10\u0228F\u0327\u0122\u1e28I\u0327J\u0327\u0136\u013bM\u0327\n',
    )
  })
})

describe.skipIf(!hasSharedGedcom)('public GEDCOM files: line endings', () => {
  const strip = (tree: ReturnType<typeof readGedcomFile>) => ({ individuals: tree.individuals, families: tree.families, counts: tree.counts })

  it('reads the CR and LF copies of the torture test as the same tree', () => {
    expect(strip(readSharedTree('gedcom-5.5/torture-test/TGC551.ged'))).toEqual(strip(readSharedTree('gedcom-5.5/torture-test/TGC551LF.ged')))
    expect(strip(readSharedTree('gedcom-5.5/torture-test/TGC55C.ged'))).toEqual(strip(readSharedTree('gedcom-5.5/torture-test/TGC55CLF.ged')))
  })

  it('reads CRLF and mixed line endings made from the LF copy as the same tree too', () => {
    const lf = readSharedBytes('gedcom-5.5/torture-test/TGC551LF.ged')
    const lines = lf.toString('latin1').split('\n')
    const crlf = Buffer.from(lines.join('\r\n'), 'latin1')
    const mixed = Buffer.from(lines.map((line, index) => line + ['\r\n', '\n', '\r'][index % 3]).join(''), 'latin1')
    const expected = strip(readGedcomFile(lf))
    expect(expected.counts.notes).toBeGreaterThan(20)
    expect(strip(readGedcomFile(crlf))).toEqual(expected)
    expect(strip(readGedcomFile(mixed))).toEqual(expected)
  })
})
