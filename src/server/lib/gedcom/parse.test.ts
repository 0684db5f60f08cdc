import { describe, expect, it } from 'vitest'
import { parseGedcom, parseGedcomRecords, type GedcomNode } from './parse.ts'
import type { GedcomWarning } from './warnings.ts'

const lines = (...list: string[]) => list.join('\n') + '\n'

/** Records without line numbers, to compare the same content written with different line breaks. */
function shape(node: GedcomNode): unknown {
  return { xref: node.xref, tag: node.tag, value: node.value, pointer: node.pointer, children: node.children.map(shape) }
}

const family = lines(
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '0 @I1@ INDI',
  '1 NAME José /Núñez/',
  '1 BIRT',
  '2 DATE 12 MAY 1948',
  '2 PLAC Cádiz, España',
  '1 FAMS @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '0 TRLR',
)

describe('parseGedcomRecords: lines', () => {
  it('builds each level-0 record as a tree of its lines', () => {
    const { records, warnings } = parseGedcom(family)
    expect(warnings).toEqual([])
    expect(records.map((record) => record.tag)).toEqual(['HEAD', 'INDI', 'FAM', 'TRLR'])
    const person = records[1] as GedcomNode
    expect(person).toMatchObject({ level: 0, xref: 'I1', line: 4 })
    expect(person.children.map((child) => [child.tag, child.value ?? child.pointer, child.line])).toEqual([
      ['NAME', 'José /Núñez/', 5],
      ['BIRT', undefined, 6],
      ['FAMS', 'F1', 9],
    ])
    expect(person.children[1]?.children.map((child) => child.value)).toEqual(['12 MAY 1948', 'Cádiz, España'])
  })

  it('reads CR, LF, CRLF and a mix of them alike, numbering lines the same way', () => {
    const expected = parseGedcom(family).records
    for (const text of [
      family.replaceAll('\n', '\r'),
      family.replaceAll('\n', '\r\n'),
      family
        .split('\n')
        .map((line, index) => line + ['\r\n', '\n', '\r'][index % 3])
        .join(''),
    ]) {
      const { records, warnings } = parseGedcom(text)
      expect(warnings).toEqual([])
      expect(records.map(shape)).toEqual(expected.map(shape))
      expect(records[1]?.children[2]?.line).toBe(9)
    }
  })

  it('tolerates leading spaces and tabs, blank lines, lower-case tags and a DOS end-of-file mark', () => {
    const text = lines('0 HEAD', '', '  0 @I1@ INDI', '\t1 name Ana /Sá/', '   ', '0 TRLR', '\u001a')
    const { records, warnings } = parseGedcom(text)
    expect(warnings).toEqual([])
    expect(records[1]?.children[0]).toMatchObject({ tag: 'NAME', value: 'Ana /Sá/', line: 4 })
  })

  it('keeps a value exactly after the one space that ends the tag, inner and trailing spaces included', () => {
    const { records } = parseGedcom(lines('0 HEAD', '0 @N1@ NOTE  two leading, one trailing ', '0 TRLR'))
    expect(records[1]?.value).toBe(' two leading, one trailing ')
  })

  it('tells pointers from text: @X@ is a pointer, a calendar escape or an email is text', () => {
    const { records } = parseGedcom(lines('0 HEAD', '0 @I1@ INDI', '1 FAMC @F1@', '1 BIRT', '2 DATE @#DJULIAN@ 1700', '1 EMAIL ana@example.com', '0 TRLR'))
    const [famc, birth, email] = records[1]?.children ?? []
    expect(famc).toMatchObject({ pointer: 'F1', value: undefined })
    expect(birth?.children[0]).toMatchObject({ value: '@#DJULIAN@ 1700', pointer: undefined })
    expect(email).toMatchObject({ value: 'ana@example.com', pointer: undefined })
  })
})

describe('parseGedcomRecords: CONC, CONT and escapes', () => {
  it('joins CONC (no separator) and CONT (a newline) into the value exactly, at any depth', () => {
    const text = lines(
      '0 HEAD',
      '0 @I1@ INDI',
      '1 NOTE First line, cut in the mid',
      '2 CONC dle of a word; ',
      '2 CONC a trailing space above is kept.',
      '2 CONT',
      '2 CONT   Indented third line.',
      '1 BIRT',
      '2 NOTE Nested',
      '3 CONT note',
      '0 @N1@ NOTE',
      '1 CONC Starts on a CONC.',
      '0 TRLR',
    )
    const { records, warnings } = parseGedcom(text)
    expect(warnings).toEqual([])
    const person = records[1] as GedcomNode
    expect(person.children.map((child) => child.tag)).toEqual(['NOTE', 'BIRT'])
    expect(person.children[0]?.value).toBe('First line, cut in the middle of a word; a trailing space above is kept.\n\n  Indented third line.')
    expect(person.children[0]?.children).toEqual([])
    expect(person.children[1]?.children[0]?.value).toBe('Nested\nnote')
    expect(records[2]?.value).toBe('Starts on a CONC.')
  })

  it('undoes @@ everywhere in 5.5.1 text, and per line before joining', () => {
    const text = lines('0 HEAD', '1 GEDC', '2 VERS 5.5.1', '0 @N1@ NOTE Write to ana@@example.com', '1 CONT @@@@ is two at signs', '0 TRLR')
    expect(parseGedcom(text).records[1]?.value).toBe('Write to ana@example.com\n@@ is two at signs')
  })

  it('undoes only a leading @@ in GEDCOM 7, on each line (the FamilySearch escapes example)', () => {
    const text = lines(
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '0 @I1@ INDI',
      '1 NOTE me@example.com is an example email address.',
      '2 CONT @@me and @I are example social media handles.',
      '2 CONT @@@@@ has four @ characters where only the first is escaped.',
      '0 @N05@ SNOTE doubled @@ internal has two @ characters, not escaped',
      '1 FAMS @VOID@',
      '0 TRLR',
    )
    const { records } = parseGedcom(text)
    expect(records[1]?.children[0]?.value).toBe(
      'me@example.com is an example email address.\n@me and @I are example social media handles.\n@@@@ has four @ characters where only the first is escaped.',
    )
    expect(records[2]?.value).toBe('doubled @@ internal has two @ characters, not escaped')
    expect(records[2]?.children[0]?.pointer).toBeNull()
  })

  it('uses the version it is told over the one in the header', () => {
    const text = lines('0 HEAD', '0 @N1@ NOTE a@@b', '0 TRLR')
    expect(parseGedcom(text).records[1]?.value).toBe('a@b')
    expect(parseGedcom(text, { version: '7.0' }).records[1]?.value).toBe('a@@b')
  })
})

describe('parseGedcomRecords: bad input never throws', () => {
  it('skips bad lines with a warning carrying the line number, keeping everything else', () => {
    const text = lines(
      '1 NOTE before any record', // 1
      '0 HEAD', // 2
      '0 @I1@ INDI', // 3
      '1 NAME Ana /Sá/', // 4
      'This line lost its level and tag', // 5
      '1NAME glued', // 6
      '3 DATE 1900', // 7: two levels below its parent
      '1 SEX F', // 8
      '0 CONT at level zero', // 9
      '0 TRLR', // 10
    )
    const { records, warnings } = parseGedcom(text)
    expect(records[1]?.children.map((child) => child.tag)).toEqual(['NAME', 'SEX'])
    expect(warnings.map((warning) => [warning.code, warning.line])).toEqual([
      ['orphan_line', 1],
      ['bad_line', 5],
      ['bad_line', 6],
      ['skipped_level', 7],
      ['bad_line', 9],
    ])
    expect(warnings[1]?.message).toContain('This line lost its level')
  })

  it('warns when TRLR is missing (a cut-short file) and ignores what follows TRLR, once', () => {
    const cut = parseGedcom(lines('0 HEAD', '0 @I1@ INDI', '1 NAME Ana'))
    expect(cut.records).toHaveLength(2)
    expect(cut.warnings).toEqual([expect.objectContaining({ code: 'missing_trailer', line: 3 })])
    const after = parseGedcom(lines('0 HEAD', '0 TRLR', '0 @I1@ INDI', '1 NAME Ana'))
    expect(after.records.map((record) => record.tag)).toEqual(['HEAD', 'TRLR'])
    expect(after.warnings).toEqual([expect.objectContaining({ code: 'after_trailer', line: 3 })])
  })

  it('warns about CONC in a GEDCOM 7 file but still joins it', () => {
    const { records, warnings } = parseGedcom(lines('0 HEAD', '1 GEDC', '2 VERS 7.0', '0 @N1@ SNOTE ab', '1 CONC cd', '0 TRLR'))
    expect(records[1]?.value).toBe('abcd')
    expect(warnings.map((warning) => warning.code)).toEqual(['conc_in_gedcom7'])
  })

  it('handles a record nested 20,000 levels deep without recursion', () => {
    const deep = ['0 HEAD', '0 @I1@ INDI', ...Array.from({ length: 20_000 }, (_, index) => `${index + 1} _DEEP`), '0 TRLR']
    const { records, warnings } = parseGedcom(lines(...deep))
    expect(warnings).toEqual([])
    let depth = 0
    for (let node = records[1]; node?.children[0]; node = node.children[0]) depth += 1
    expect(depth).toBe(20_000)
  })
})

describe('parseGedcomRecords: one record at a time', () => {
  it('hands over a record before it has read the lines of the next ones', () => {
    const warnings: GedcomWarning[] = []
    const records = parseGedcomRecords(lines('0 HEAD', '0 @I1@ INDI', '1 NAME Ana', '0 @I2@ INDI', 'broken', '0 TRLR'), { onWarning: (warning) => warnings.push(warning) })
    expect(records.next().value).toMatchObject({ tag: 'HEAD' })
    expect(records.next().value).toMatchObject({ xref: 'I1' })
    expect(warnings).toEqual([])
    expect(records.next().value).toMatchObject({ xref: 'I2' })
    expect(warnings).toEqual([expect.objectContaining({ line: 5 })])
    expect(records.next().value).toMatchObject({ tag: 'TRLR' })
    expect(records.next()).toEqual({ done: true, value: { lines: 6 } })
  })
})
