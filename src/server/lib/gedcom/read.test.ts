import { describe, expect, it } from 'vitest'
import { readGedcomFile } from './index.ts'

const lines = (...list: string[]) => list.join('\n') + '\n'
const v551 = ['0 HEAD', '1 SOUR FTM', '2 NAME Family Tree Maker', '2 VERS 24.0', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8']
const v7 = ['0 HEAD', '1 GEDC', '2 VERS 7.0']
const read = (...list: string[]) => readGedcomFile(Buffer.from(lines(...list, '0 TRLR')))
const person = (tree: ReturnType<typeof read>, xref: string) => tree.individuals.find((candidate) => candidate.xref === xref)
const family = (tree: ReturnType<typeof read>, xref: string) => tree.families.find((candidate) => candidate.xref === xref)

describe('readGedcom: people', () => {
  it('reads UID and _UID of people and families, in order and once each, and does not count _UID as skipped', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI',
      '1 _UID BBCC002534CB45428CFB45BA201C9C2C1A2B',
      '1 UID urn:x',
      '1 _UID BBCC002534CB45428CFB45BA201C9C2C1A2B',
      '2 _UID nested',
      '0 @F1@ FAM',
      '1 _UID 0F',
    )
    expect(person(tree, 'I1')!.uids).toEqual(['BBCC002534CB45428CFB45BA201C9C2C1A2B', 'urn:x'])
    expect(family(tree, 'F1')!.uids).toEqual(['0F'])
    expect(tree.unknownTags).toEqual({ _UID: 1 })
    expect(tree.unmappedTags).toEqual({})
  })

  it('reads the header: version, charset and the program that wrote the file', () => {
    expect(read(...v551).header).toEqual({ version: '5.5.1', charset: 'UTF-8', source: { id: 'FTM', name: 'Family Tree Maker', version: '24.0' } })
  })

  it('takes given names and surname from NAME, preferring GIVN for the given names', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI',
      '1 NAME María José /García Núñez/ Jr.',
      '0 @I2@ INDI',
      '1 NAME Lt. Joseph "John" /de Allen/',
      '2 GIVN Joseph',
      '2 SPFX de',
      '2 SURN Allen',
      '0 @I3@ INDI',
      '1 NAME Þórunn',
      '0 @I4@ INDI',
      '1 NAME',
      '2 GIVN Zoë',
      '2 SPFX van der',
      '2 SURN Berg',
      '0 @I5@ INDI',
    )
    expect(tree.individuals.map(({ name, givenNames, surname }) => ({ name, givenNames, surname }))).toEqual([
      { name: 'María José /García Núñez/ Jr.', givenNames: 'María José', surname: 'García Núñez' },
      { name: 'Lt. Joseph "John" /de Allen/', givenNames: 'Joseph', surname: 'de Allen' },
      { name: 'Þórunn', givenNames: 'Þórunn', surname: '' },
      { name: undefined, givenNames: 'Zoë', surname: 'van der Berg' },
      { name: undefined, givenNames: '', surname: '' },
    ])
  })

  it('reads sex as M, F, X or U, and says when a value means nothing', () => {
    const tree = read(...v7, '0 @A@ INDI', '1 SEX M', '0 @B@ INDI', '1 SEX F', '0 @C@ INDI', '1 SEX X', '0 @D@ INDI', '0 @E@ INDI', '1 SEX female', '0 @F@ INDI', '1 SEX Q')
    expect(tree.individuals.map((individual) => individual.sex)).toEqual(['M', 'F', 'X', 'U', 'F', 'U'])
    expect(tree.warnings).toEqual([expect.objectContaining({ code: 'unknown_sex', line: 14, xref: 'F' })])
  })

  it('keeps birth and death dates and places as written, and a death recorded without details', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI',
      '1 BIRT',
      '2 DATE        ABT 1420',
      '2 PLAC Saint-Martin-de-Ré, Charente-Maritime, France',
      '1 BIRT',
      '2 DATE 1421',
      '1 DEAT Y',
      '0 @I2@ INDI',
      '1 BIRT',
      '2 DATE BET 1900 AND 1910',
      '1 DEAT',
      '2 DATE INT 12 MAY 1948 (según la partida)',
    )
    expect(person(tree, 'I1')).toMatchObject({ birth: { date: 'ABT 1420', place: 'Saint-Martin-de-Ré, Charente-Maritime, France' }, death: {} })
    expect(person(tree, 'I2')).toMatchObject({ birth: { date: 'BET 1900 AND 1910' }, death: { date: 'INT 12 MAY 1948 (según la partida)' } })
    expect(tree.keptTags).toEqual({ BIRT: 1 })
  })

  it('keeps a GEDCOM 7 date phrase beside the date', () => {
    const tree = read(...v7, '0 @I1@ INDI', '1 BIRT', '2 DATE', '3 PHRASE the winter before the flood', '1 DEAT', '2 DATE 1998', '3 PHRASE Afternoon')
    expect(person(tree, 'I1')).toMatchObject({ birth: { datePhrase: 'the winter before the flood' }, death: { date: '1998', datePhrase: 'Afternoon' } })
    expect(person(tree, 'I1')?.birth?.date).toBeUndefined()
  })
})

describe('readGedcom: notes and media', () => {
  it('gives each person their inline notes and the note records they point to, in file order', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI',
      '1 NOTE Emigró en 1952;',
      '2 CONC  volvió en 1970.',
      '2 CONT Segunda línea.',
      '1 NOTE @N1@',
      '1 NOTE @N404@',
      '0 @N1@ NOTE Compartida por',
      '1 CONC  los hermanos.',
    )
    expect(person(tree, 'I1')?.notes).toEqual([{ text: 'Emigró en 1952; volvió en 1970.\nSegunda línea.' }, { text: 'Compartida por los hermanos.', record: 'N1' }])
    // Broken links are found once the whole file is in: the warning names the record's first line.
    expect(tree.warnings).toEqual([expect.objectContaining({ code: 'dangling_pointer', line: 9, xref: 'I1', message: expect.stringContaining('@N404@') })])
  })

  it('resolves GEDCOM 7 shared notes (SNOTE) and skips @VOID@ silently', () => {
    const tree = read(...v7, '0 @I1@ INDI', '1 SNOTE @N1@', '1 SNOTE @VOID@', '1 FAMC @VOID@', '2 PEDI ADOPTED', '0 @N1@ SNOTE Shared note 1')
    expect(person(tree, 'I1')).toMatchObject({ notes: [{ text: 'Shared note 1', record: 'N1' }], childOf: [] })
    expect(tree.warnings).toEqual([])
  })

  it('reads media links inline (5.5 and 5.5.1 layouts) and through multimedia records', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI',
      '1 OBJE',
      '2 FORM jpeg',
      '2 TITL Boda, 1948',
      '2 FILE fotos/boda.jpg',
      '1 OBJE',
      '2 FILE fotos/carta.pdf',
      '3 FORM pdf',
      '2 TITL Carta',
      '1 OBJE @M1@',
      '1 OBJE @M2@',
      '0 @M1@ OBJE',
      '1 FILE C:\\Fotos\\abuela.jpg',
      '2 FORM jpg',
      '2 TITL La abuela',
      '1 FILE https://example.com/abuela-2.jpg',
      '2 FORM jpg',
      '0 @M2@ OBJE',
      '1 TITL Dummy',
      '1 BLOB',
      '2 CONT .HM.......k.1..F.jwA',
    )
    expect(person(tree, 'I1')?.media).toEqual([
      { file: 'fotos/boda.jpg', format: 'jpeg', title: 'Boda, 1948' },
      { file: 'fotos/carta.pdf', format: 'pdf', title: 'Carta' },
      { file: 'C:\\Fotos\\abuela.jpg', format: 'jpg', title: 'La abuela', record: 'M1' },
      { file: 'https://example.com/abuela-2.jpg', format: 'jpg', record: 'M1' },
    ])
    expect(tree.warnings).toEqual([expect.objectContaining({ code: 'media_without_file', xref: 'I1' })])
    expect(tree.counts).toEqual({ people: 1, families: 0, notes: 0, mediaReferences: 4 })
  })

  it('lets a GEDCOM 7 link title override the file titles of its record', () => {
    const tree = read(...v7, '0 @I1@ INDI', '1 OBJE @X1@', '2 TITL fifth birthday party', '0 @X1@ OBJE', '1 FILE gifts.webm', '2 FORM video/webm', '2 TITL Gifts')
    expect(person(tree, 'I1')?.media).toEqual([{ file: 'gifts.webm', format: 'video/webm', title: 'fifth birthday party', record: 'X1' }])
  })
})

describe('readGedcom: families', () => {
  const base = [
    ...v551,
    '0 @I1@ INDI',
    '1 NAME Juan /Pérez/',
    '1 SEX M',
    '1 FAMS @F1@',
    '0 @I2@ INDI',
    '1 SEX F',
    '1 FAMS @F1@',
    '0 @I3@ INDI',
    '1 FAMC @F1@',
    '0 @I4@ INDI',
    '1 FAMC @F1@',
    '2 PEDI Adopted',
    '0 @I5@ INDI',
    '1 FAMC @F1@',
    '2 PEDI foster',
    '0 @F1@ FAM',
    '1 HUSB @I1@',
    '1 WIFE @I2@',
    '1 CHIL @I5@',
    '1 CHIL @I3@',
    '1 CHIL @I4@',
    '1 MARR',
    '2 DATE 12 MAY 1948',
    '2 PLAC Vigo, Galicia',
    '1 DIV',
    '2 DATE 1960',
  ]

  it('reads partners, children in file order, pedigrees and the marriage and divorce', () => {
    const tree = read(...base)
    expect(family(tree, 'F1')).toEqual({
      xref: 'F1',
      husband: 'I1',
      wife: 'I2',
      children: ['I5', 'I3', 'I4'],
      marriage: { date: '12 MAY 1948', place: 'Vigo, Galicia' },
      divorce: { date: '1960' },
      notes: [],
      media: [],
    })
    expect(tree.individuals.map((individual) => individual.childOf)).toEqual([
      [],
      [],
      [{ family: 'F1', pedigree: 'birth' }],
      [{ family: 'F1', pedigree: 'adopted' }],
      [{ family: 'F1', pedigree: 'foster' }],
    ])
    expect(person(tree, 'I1')?.spouseOf).toEqual(['F1'])
    expect(tree.warnings).toEqual([])
  })

  it('takes an adoption from an ADOP event naming the family, and reads an unknown PEDI as other', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI',
      '1 FAMC @F1@',
      '1 ADOP',
      '2 FAMC @F1@',
      '0 @I2@ INDI',
      '1 FAMC @F1@',
      '2 PEDI sponsored',
      '0 @I3@ INDI',
      '1 ADOP',
      '2 FAMC @F1@',
      '0 @F1@ FAM',
      '1 CHIL @I1@',
      '1 CHIL @I2@',
      '1 CHIL @I3@',
    )
    expect(tree.individuals.map((individual) => individual.childOf)).toEqual([
      [{ family: 'F1', pedigree: 'adopted' }],
      [{ family: 'F1', pedigree: 'other' }],
      [{ family: 'F1', pedigree: 'adopted' }],
    ])
    expect(tree.warnings).toEqual([expect.objectContaining({ code: 'unknown_pedigree', line: 14, xref: 'I2' })])
  })

  it('reads each parent’s kind: _FREL/_MREL under CHIL or FAMC, an adoption by one partner, Gramps’s stepchild and 7.0’s OTHER with a phrase', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI', // Family Tree Maker: per parent, on the family's CHIL line
      '1 FAMC @F1@',
      '0 @I2@ INDI', // Gramps: per parent, under FAMC, in its own words
      '1 FAMC @F1@',
      '2 _FREL Birth',
      '2 _MREL Sponsored',
      '0 @I3@ INDI', // adopted by the wife alone
      '1 FAMC @F1@',
      '1 ADOP',
      '2 FAMC @F1@',
      '3 ADOP WIFE',
      '0 @I4@ INDI', // Gramps, both step-parents
      '1 FAMC @F1@',
      '2 PEDI stepchild',
      '0 @I5@ INDI', // as a 7.0 file says step
      '1 FAMC @F1@',
      '2 PEDI OTHER',
      '3 PHRASE Step',
      '0 @F1@ FAM',
      '1 CHIL @I1@',
      '2 _FREL Step',
      '2 _MREL Natural',
      '1 CHIL @I2@',
      '1 CHIL @I3@',
      '1 CHIL @I4@',
      '1 CHIL @I5@',
    )
    expect(tree.individuals.map((individual) => individual.childOf)).toEqual([
      [{ family: 'F1', pedigree: 'birth', husband: 'step', wife: 'birth' }],
      [{ family: 'F1', pedigree: 'birth', husband: 'birth', wife: 'other' }],
      [{ family: 'F1', pedigree: 'birth', wife: 'adopted' }],
      [{ family: 'F1', pedigree: 'step' }],
      [{ family: 'F1', pedigree: 'step' }],
    ])
    expect(tree.unknownTags).toEqual({})
    expect(tree.warnings).toEqual([])
  })

  it('completes links a file states on one side only, and says so', () => {
    const tree = read(
      ...v551,
      '0 @I1@ INDI', // husband by HUSB only
      '1 SEX M',
      '0 @I2@ INDI', // wife by FAMS only
      '1 SEX F',
      '1 FAMS @F1@',
      '0 @I3@ INDI', // child by CHIL only
      '0 @I4@ INDI', // child by FAMC only
      '1 FAMC @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I3@',
    )
    expect(family(tree, 'F1')).toMatchObject({ husband: 'I1', wife: 'I2', children: ['I3', 'I4'] })
    expect(person(tree, 'I1')?.spouseOf).toEqual(['F1'])
    expect(person(tree, 'I3')?.childOf).toEqual([{ family: 'F1', pedigree: 'birth' }])
    expect(tree.warningCounts).toEqual({ one_sided_link: 4 })
  })

  it('drops pointers to records that do not exist, naming line and record, and never a third partner', () => {
    const tree = read(
      ...base.slice(0, -11),
      '0 @I6@ INDI',
      '1 SEX F',
      '1 FAMS @F1@',
      '1 FAMC @F9@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 CHIL @I99@',
      '1 CHIL @I3@',
      '1 CHIL @I3@',
    )
    expect(family(tree, 'F1')).toMatchObject({ husband: 'I1', wife: 'I2', children: ['I3', 'I4', 'I5'] })
    expect(person(tree, 'I6')).toMatchObject({ spouseOf: [], childOf: [] })
    expect(tree.warnings.map((warning) => [warning.code, warning.xref, warning.line])).toEqual([
      ['dangling_pointer', 'I6', 24],
      ['dangling_pointer', 'F1', 28],
      ['duplicate_link', 'F1', 28],
      ['one_sided_link', 'I4', undefined],
      ['one_sided_link', 'I5', undefined],
      ['too_many_partners', 'I6', undefined],
    ])
  })

  it('keeps both people when two records share an xref, and people without one', () => {
    const tree = read(...v7, '0 @I1@ INDI', '1 NAME Ana', '0 @I1@ INDI', '1 NAME Eva', '0 INDI', '1 NAME Sin identificador')
    expect(tree.individuals.map((individual) => [individual.xref, individual.givenNames])).toEqual([
      ['I1', 'Ana'],
      ['I1 (line 6)', 'Eva'],
      ['(line 8)', 'Sin identificador'],
    ])
    expect(tree.warnings).toEqual([expect.objectContaining({ code: 'duplicate_xref', line: 6 })])
  })
})

describe('readGedcom: what Legado does not keep', () => {
  it('counts per tag what it keeps unshown, and the custom and standard tags it neither reads nor keeps', () => {
    const tree = read(
      ...v551,
      '1 _HME @I1@',
      '0 @I1@ INDI',
      '1 _MILT Navy',
      '2 _RANK Captain',
      '1 OCCU Carpenter',
      '1 OCCU Fisher',
      '1 FSID ABCD-123',
      '1 BURI',
      '2 _GPS 42.2,-8.7',
      '0 @S1@ SOUR',
      '1 TITL Parish register',
      '0 @X1@ _PLACE',
    )
    expect(tree.keptTags).toEqual({ _MILT: 1, OCCU: 2, FSID: 1, BURI: 1 })
    // Nobody points to the source or the _PLACE record: they are not kept.
    expect(tree.unknownTags).toEqual({ _HME: 1, _PLACE: 1 })
    expect(tree.unmappedTags).toEqual({ SOUR: 1 })
    expect(tree.counts.people).toBe(1)
  })

  it('puts warnings from decoding, parsing and reading in one list', () => {
    const bytes = Buffer.concat([Buffer.from('0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Zoë '), Buffer.from([0xff]), Buffer.from(lines('', 'garbage', '1 FAMC @F1@'))])
    const tree = readGedcomFile(bytes)
    expect(tree.warnings.map((warning) => warning.code)).toEqual(['invalid_bytes', 'bad_line', 'missing_trailer', 'dangling_pointer'])
  })
})
