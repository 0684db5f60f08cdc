import { describe, expect, it } from 'vitest'
import { readGedcomFile, writeGedcomString } from './index.ts'
import type { GedcomTree } from './model.ts'
import { hasSharedGedcom, noticeMissingSharedGedcom, readSharedTree } from './test/shared-files.ts'

// What Legado does not model is kept with its record and written back, in either version.

noticeMissingSharedGedcom()

const v551 = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8']
const v7 = ['0 HEAD', '1 GEDC', '2 VERS 7.0']
const read = (...list: string[]) => readGedcomFile(Buffer.from([...list, '0 TRLR', ''].join('\n')))
const write = (tree: GedcomTree, version: '5.5.1' | '7.0') => writeGedcomString(tree, { version })
const recordOf = (text: string, xref: string) => {
  const start = text.indexOf(`0 @${xref}@ `)
  const end = text.indexOf('\n0 ', start + 1)
  return text.slice(start, end).split('\n')
}

describe('kept structures: read', () => {
  it('keeps an occupation, a burial, a second name, a name’s title and nickname, and a birth’s source and coordinates, counted per tag', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI',
      '1 NAME Lt. Joseph "Joe" /Allen/',
      '2 GIVN Joseph',
      '2 SURN Allen',
      '2 NPFX Lt.',
      '2 NICK Joe',
      '1 NAME José /Alén/',
      '2 TYPE aka',
      '1 BIRT',
      '2 DATE 1900',
      '2 PLAC Vigo',
      '3 MAP',
      '4 LATI N42.2',
      '4 LONG W8.7',
      '2 SOUR @S1@',
      '3 PAGE folio 3',
      '1 OCCU Carpintero',
      '1 BURI',
      '1 RIN 17',
      '0 @S1@ SOUR',
      '1 TITL Libro de bautismos',
      '1 REPO @R1@',
      '0 @R1@ REPO',
      '1 NAME Parroquia',
      '0 @S2@ SOUR',
      '1 TITL Nobody cites this',
    )
    expect(tree.keptTags).toEqual({ NPFX: 1, NICK: 1, NAME: 1, MAP: 1, SOUR: 2, OCCU: 1, BURI: 1, RIN: 1, REPO: 1 })
    expect(tree.unmappedTags).toEqual({ SOUR: 1 })
    expect(tree.keptRecords?.map((record) => record.xref)).toEqual(['S1', 'R1'])
  })
})

describe('kept structures: written back', () => {
  const file = read(
    ...v551,
    '0 @I1@ INDI',
    '1 NAME Lt. Joseph "Joe" /Allen/',
    '2 GIVN Joseph',
    '2 SURN Allen',
    '2 NPFX Lt.',
    '2 NICK Joe',
    '1 BIRT',
    '2 DATE 1900',
    '2 PLAC Vigo',
    '3 MAP',
    '4 LATI N42.2',
    '4 LONG W8.7',
    '2 SOUR Partida de bautismo, folio 3',
    '1 OCCU Carpintero',
    '2 DATE @#DJULIAN@ 1700',
    '2 NOTE @N1@',
    '1 RIN 17',
    '0 @N1@ NOTE Oficio de su padre.',
    '0 @N2@ NOTE Nobody points here.',
  )

  it('writes 5.5.1 back as the file had it', () => {
    expect(recordOf(write(file, '5.5.1'), 'I1')).toEqual([
      '0 @I1@ INDI',
      '1 NAME Lt. Joseph "Joe" /Allen/',
      '2 GIVN Joseph',
      '2 SURN Allen',
      '2 NPFX Lt.',
      '2 NICK Joe',
      '1 BIRT',
      '2 DATE 1900',
      '2 PLAC Vigo',
      '3 MAP',
      '4 LATI N42.2',
      '4 LONG W8.7',
      '2 SOUR Partida de bautismo, folio 3',
      '1 OCCU Carpintero',
      '2 DATE @#DJULIAN@ 1700',
      '2 NOTE @N1@',
      '1 RIN 17',
    ])
    expect(recordOf(write(file, '5.5.1'), 'N1')).toEqual(['0 @N1@ NOTE Oficio de su padre.'])
  })

  it('converts to 7.0 where the versions differ: a source without record, a shared note, a record number, a calendar', () => {
    const text = write(file, '7.0')
    const person = recordOf(text, 'I1')
    expect(person).toEqual(
      expect.arrayContaining(['2 SOUR @VOID@', '3 PAGE Partida de bautismo, folio 3', '2 DATE JULIAN 1700', '2 SNOTE @N1@', '1 EXID 17', '2 TYPE https://gedcom.io/terms/v7/RIN']),
    )
    expect(recordOf(text, 'N1')).toEqual(['0 @N1@ SNOTE Oficio de su padre.'])
    // And back: the 7.0 file written as 5.5.1 reads as the original did.
    const back = write(readGedcomFile(Buffer.from(text)), '5.5.1')
    expect(recordOf(back, 'I1')).toEqual(recordOf(write(file, '5.5.1'), 'I1'))
  })

  it('writes a kept event’s dual year in 7.0 with its new-style year, so a reader that skips phrases keeps the date, and back in 5.5.1 as written', () => {
    const dual = read(...v551, '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BURI', '2 DATE 6 MAR 1605/06', '2 PLAC Faccombe', '1 BAPM', '2 DATE 1589/90')
    const text = write(dual, '7.0')
    expect(recordOf(text, 'I1')).toEqual(expect.arrayContaining(['1 BURI', '2 DATE 6 MAR 1606', '3 PHRASE 6 MAR 1605/06', '1 BAPM', '2 DATE 1590', '3 PHRASE 1589/90']))
    const back = write(readGedcomFile(Buffer.from(text)), '5.5.1')
    expect(recordOf(back, 'I1')).toEqual(expect.arrayContaining(['1 BURI', '2 DATE 6 MAR 1605/06', '1 BAPM', '2 DATE 1589/90']))
  })

  it('drops a place’s coordinates once Legado’s place is another, and writes the birth’s sources with a birth that lost its date and place', () => {
    const person = { ...file.individuals[0]!, birth: { date: '1900', place: 'Pontevedra' } }
    const moved = recordOf(write({ ...file, individuals: [person] }, '5.5.1'), 'I1')
    expect(moved).toContain('2 PLAC Pontevedra')
    expect(moved).not.toContain('3 MAP')
    const { birth: _birth, ...withoutBirth } = file.individuals[0]!
    expect(recordOf(write({ ...file, individuals: [withoutBirth] }, '5.5.1'), 'I1')).toEqual(expect.arrayContaining(['1 BIRT', '2 SOUR Partida de bautismo, folio 3']))
  })

  it('declares in a 7.0 header the extension tags the file declared', () => {
    const tree = read(...v7, '1 SCHMA', '2 TAG _SKYPEID http://xmlns.com/foaf/0.1/skypeID', '0 @I1@ INDI', '1 _SKYPEID example.person')
    const text = write(tree, '7.0')
    expect(text).toContain('2 TAG _SKYPEID http://xmlns.com/foaf/0.1/skypeID')
    expect(recordOf(text, 'I1')).toContain('1 _SKYPEID example.person')
  })
})

describe.skipIf(!hasSharedGedcom)('kept structures in the torture test', () => {
  it.each(['gedcom-5.5/torture-test/TGC551.ged', 'gedcom-5.5/torture-test/TGC55C.ged'])('%s keeps every structure through 5.5.1 and through 7.0 and back', (name) => {
    const tree = readSharedTree(name)
    expect(Object.keys(tree.keptTags).length).toBeGreaterThan(50)
    const through551 = readGedcomFile(Buffer.from(write(tree, '5.5.1')))
    expect(through551.keptTags).toEqual(tree.keptTags)
    const through7 = readGedcomFile(Buffer.from(write(tree, '7.0')))
    expect(through7.warnings).toEqual([])
    const again7 = readGedcomFile(Buffer.from(write(through7, '7.0')))
    expect(again7.keptTags).toEqual(through7.keptTags)
    expect(Object.keys(through7.unknownTags)).toEqual([])
  })

  it('keeps maximal70’s structures through 7.0', () => {
    const tree = readSharedTree('gedcom-7.0/maximal70.ged')
    const again = readGedcomFile(Buffer.from(write(tree, '7.0')))
    expect(again.keptTags).toEqual(tree.keptTags)
  })
})
