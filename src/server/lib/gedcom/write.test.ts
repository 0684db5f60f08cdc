import { describe, expect, it } from 'vitest'
import { readGedcomFile } from './index.ts'
import type { GedcomData, GedcomFamily, GedcomIndividual } from './model.ts'
import type { GedcomWarning } from './warnings.ts'
import { writeGedcom, writeGedcomString, type GedcomWriteVersion } from './write.ts'

function individual(xref: string, overrides: Partial<GedcomIndividual> = {}): GedcomIndividual {
  return { xref, givenNames: '', surname: '', sex: 'U', notes: [], media: [], childOf: [], spouseOf: [], ...overrides }
}
function family(xref: string, overrides: Partial<GedcomFamily> = {}): GedcomFamily {
  return { xref, children: [], notes: [], media: [], ...overrides }
}
const write = (data: GedcomData, version: GedcomWriteVersion, onWarning?: (warning: GedcomWarning) => void) =>
  writeGedcomString(data, { version, ...(onWarning ? { onWarning } : {}) })
    .split('\n')
    .slice(0, -1)
const reread = (data: GedcomData, version: GedcomWriteVersion) => readGedcomFile(Buffer.from(writeGedcomString(data, { version })))

const couple: GedcomData = {
  individuals: [
    individual('I1', { givenNames: 'José María', surname: 'Núñez', sex: 'M', birth: { date: '12 MAY 1948', place: 'Cádiz, España' }, spouseOf: ['F1'] }),
    individual('I2', { givenNames: 'Zoë', surname: 'Ólafsdóttir', sex: 'F', death: {}, spouseOf: ['F1'] }),
    individual('I3', { givenNames: 'Ana', surname: 'Núñez', sex: 'F', childOf: [{ family: 'F1', pedigree: 'adopted' }] }),
  ],
  families: [family('F1', { husband: 'I1', wife: 'I2', children: ['I3'], marriage: { date: 'ABT 1970' } })],
}

describe('writeGedcom: UIDs', () => {
  it('writes UID in 7.0 and _UID (a UUID as 32 upper-case hex digits) in 5.5.1, and reads them back', () => {
    const data: GedcomData = {
      individuals: [individual('I1', { givenNames: 'Ana', uids: ['bbcc0025-34cb-4542-8cfb-45ba201c9c2c', 'urn:x'] })],
      families: [family('F1', { uids: ['0198f0b2-8c1e-7c3a-9f00-000000000001'] })],
    }
    expect(write(data, '7.0')).toEqual(expect.arrayContaining(['1 UID bbcc0025-34cb-4542-8cfb-45ba201c9c2c', '1 UID urn:x', '1 UID 0198f0b2-8c1e-7c3a-9f00-000000000001']))
    expect(write(data, '5.5.1')).toEqual(expect.arrayContaining(['1 _UID BBCC002534CB45428CFB45BA201C9C2C', '1 _UID urn:x']))
    expect(reread(data, '5.5.1').individuals[0]!.uids).toEqual(['BBCC002534CB45428CFB45BA201C9C2C', 'urn:x'])
    expect(reread(data, '7.0').families[0]!.uids).toEqual(['0198f0b2-8c1e-7c3a-9f00-000000000001'])
  })
})

describe('writeGedcom: the two versions', () => {
  it('writes a 5.5.1 file: header, submitter, people, families, trailer', () => {
    expect(write(couple, '5.5.1')).toEqual([
      '\uFEFF0 HEAD',
      '1 SOUR Legado',
      '2 NAME Legado',
      '1 SUBM @U1@',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '0 @U1@ SUBM',
      '1 NAME Legado',
      '0 @I1@ INDI',
      '1 NAME José María /Núñez/',
      '2 GIVN José María',
      '2 SURN Núñez',
      '1 SEX M',
      '1 BIRT',
      '2 DATE 12 MAY 1948',
      '2 PLAC Cádiz, España',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Zoë /Ólafsdóttir/',
      '2 GIVN Zoë',
      '2 SURN Ólafsdóttir',
      '1 SEX F',
      '1 DEAT Y',
      '1 FAMS @F1@',
      '0 @I3@ INDI',
      '1 NAME Ana /Núñez/',
      '2 GIVN Ana',
      '2 SURN Núñez',
      '1 SEX F',
      '1 FAMC @F1@',
      '2 PEDI adopted',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 CHIL @I3@',
      '1 MARR',
      '2 DATE ABT 1970',
      '0 TRLR',
    ])
  })

  it('starts both versions with a byte-order mark, so programs that guess the encoding read UTF-8 as UTF-8', () => {
    for (const version of ['5.5.1', '7.0'] as const) expect(writeGedcomString(couple, { version }).startsWith('\uFEFF0 HEAD\n')).toBe(true)
  })

  it('writes a 7.0 file: GEDC 7.0, no CHAR, no submitter, upper-case pedigree', () => {
    const lines = write(couple, '7.0')
    expect(lines.slice(0, 5)).toEqual(['\uFEFF0 HEAD', '1 GEDC', '2 VERS 7.0', '1 SOUR Legado', '2 NAME Legado'])
    expect(lines.some((line) => /CHAR|SUBM|LINEAGE-LINKED/.test(line))).toBe(false)
    expect(lines).toContain('2 PEDI ADOPTED')
    expect(lines.at(-1)).toBe('0 TRLR')
  })

  it('adds the program version and the export date to the header when given', () => {
    const lines = writeGedcomString(couple, { version: '7.0', sourceVersion: '0.1.0', date: new Date(Date.UTC(2026, 4, 12, 23, 30)) }).split('\n')
    expect(lines.slice(3, 7)).toEqual(['1 SOUR Legado', '2 NAME Legado', '2 VERS 0.1.0', '1 DATE 12 MAY 2026'])
  })
})

describe('writeGedcom: long and multi-line text', () => {
  const longNote = (text: string): GedcomData => ({ individuals: [individual('I1', { notes: [{ text }] })], families: [] })
  const noteLines = (lines: string[]) => lines.filter((line) => /^(1 NOTE|2 CONC|2 CONT)/.test(line))

  it('cuts long 5.5.1 lines with CONC at 248 characters at most, between words where it can', () => {
    const text = 'Trabajó en la fábrica de conservas de Vigo durante treinta años. '.repeat(20).trim()
    const lines = noteLines(write(longNote(text), '5.5.1'))
    expect(lines.length).toBeGreaterThan(5)
    for (const line of lines) expect(line.replace(/^\d (NOTE|CONC|CONT) ?/, '').length).toBeLessThanOrEqual(248)
    for (const line of lines.slice(1)) expect(line).toMatch(/^2 CONC \S.*\S$/)
    expect(reread(longNote(text), '5.5.1').individuals[0]?.notes[0]?.text).toBe(text)
  })

  it('keeps every 5.5.1 line within 255 characters, level, xref and tag included', () => {
    const text = 'Sobrevivió a la gripe de 1918 y cuidó de sus cinco hermanos pequeños. '.repeat(12)
    const data: GedcomData = {
      individuals: [individual('I1', { notes: [{ text, record: 'NOTE_RECORD_0000001' }], birth: { date: '1900', place: 'Cádiz, '.repeat(60) } })],
      families: [],
    }
    const lines = write(data, '5.5.1')
    expect(lines.find((line) => line.startsWith('0 @NOTE_RECORD_0000001@ NOTE '))?.length).toBeGreaterThan(240)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(255)
    expect(reread(data, '5.5.1').individuals[0]).toMatchObject({ notes: [{ text }], birth: { place: 'Cádiz, '.repeat(60).trim() } })
  })

  it('never cuts a surrogate pair or a letter from its combining accents', () => {
    for (const text of ['𠮷'.repeat(400), 'e\u0301'.repeat(300), 'a\u0323\u0302'.repeat(200), '👩‍👩‍👧'.repeat(60)]) {
      const lines = noteLines(write(longNote(text), '5.5.1'))
      expect(lines.length).toBeGreaterThan(1)
      for (const line of lines) {
        const payload = line.replace(/^\d (NOTE|CONC) /, '')
        expect(payload.length).toBeLessThanOrEqual(248)
        // A piece neither starts with a mark or low surrogate nor ends with a high surrogate or joiner.
        expect(payload).not.toMatch(/^[\p{M}\udc00-\udfff]|[\ud800-\udbff\u200d]$/u)
      }
      expect(reread(longNote(text), '5.5.1').individuals[0]?.notes[0]?.text).toBe(text)
    }
  })

  it('counts doubled @ signs against the 5.5.1 limit', () => {
    const text = 'ana@example.com '.repeat(40).trim()
    const lines = noteLines(write(longNote(text), '5.5.1'))
    for (const line of lines) expect(line.replace(/^\d (NOTE|CONC) /, '').length).toBeLessThanOrEqual(248)
    expect(lines[0]).toContain('ana@@example.com')
    expect(reread(longNote(text), '5.5.1').individuals[0]?.notes[0]?.text).toBe(text)
  })

  it('writes newlines as CONT (an empty line too), and 7.0 long lines whole, with no CONC', () => {
    const text = `${'Primera línea larga. '.repeat(30)}\n\n@abuela en redes, no un puntero`
    const v551 = noteLines(write(longNote(text), '5.5.1'))
    expect(v551).toContain('2 CONT')
    expect(v551.at(-1)).toBe('2 CONT @@abuela en redes, no un puntero')
    const v7 = noteLines(write(longNote(text), '7.0'))
    expect(v7).toEqual([`1 NOTE ${'Primera línea larga. '.repeat(30)}`, '2 CONT', '2 CONT @@abuela en redes, no un puntero'])
    for (const version of ['5.5.1', '7.0'] as const) expect(reread(longNote(text), version).individuals[0]?.notes[0]?.text).toBe(text)
  })

  it('doubles every @ in 5.5.1 text but only a leading one in 7.0', () => {
    const data = longNote('@ana escribe a ana@example.com')
    expect(noteLines(write(data, '5.5.1'))).toEqual(['1 NOTE @@ana escribe a ana@@example.com'])
    expect(noteLines(write(data, '7.0'))).toEqual(['1 NOTE @@ana escribe a ana@example.com'])
  })
})

describe('writeGedcom: identifiers and links', () => {
  const messy: GedcomData = {
    individuals: [
      individual('0192f4a8-7b1c-7cde-8f00-000000000001', { givenNames: 'Ana', spouseOf: ['fam-1'] }),
      individual('I1', { givenNames: 'Luis', spouseOf: ['fam-1'] }),
      individual('VOID', { givenNames: 'Eva', childOf: [{ family: 'fam-1', pedigree: 'birth' }] }),
      individual('i7', { givenNames: 'Pío' }),
    ],
    families: [family('fam-1', { husband: 'I1', wife: '0192f4a8-7b1c-7cde-8f00-000000000001', children: ['VOID'] })],
  }

  it('keeps valid xrefs, renumbers the others without collisions, the same way every time and in both versions', () => {
    const lines = write(messy, '5.5.1')
    expect(lines.filter((line) => line.startsWith('0 @I') || line.startsWith('0 @F'))).toEqual(['0 @I2@ INDI', '0 @I1@ INDI', '0 @I3@ INDI', '0 @I4@ INDI', '0 @F1@ FAM'])
    expect(lines.slice(lines.indexOf('0 @F1@ FAM'))).toEqual(['0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '0 TRLR'])
    expect(write(messy, '5.5.1')).toEqual(lines)
    const v7 = write(messy, '7.0')
    expect(v7.filter((line) => line.startsWith('0 @'))).toEqual(lines.filter((line) => line.startsWith('0 @') && !line.includes('SUBM')))
  })

  it('writes a link to someone missing from the tree as @VOID@ in 7.0 (keeping its pedigree) and leaves it out of 5.5.1', () => {
    const data: GedcomData = {
      individuals: [individual('I1', { childOf: [{ family: 'F9', pedigree: 'foster' }], spouseOf: ['F1'] })],
      families: [family('F1', { husband: 'I1', children: ['I404', 'I1'] })],
    }
    const warnings: GedcomWarning[] = []
    const v7 = write(data, '7.0', (warning) => warnings.push(warning))
    expect(v7).toEqual(expect.arrayContaining(['1 FAMC @VOID@', '2 PEDI FOSTER', '1 CHIL @VOID@']))
    expect(v7.indexOf('1 CHIL @VOID@')).toBeLessThan(v7.indexOf('1 CHIL @I1@'))
    expect(warnings.map((warning) => warning.code)).toEqual(['dangling_pointer', 'dangling_pointer'])
    const v551 = write(data, '5.5.1')
    expect(v551.filter((line) => /FAMC|CHIL|PEDI/.test(line))).toEqual(['1 CHIL @I1@'])
  })

  it('writes the "other" pedigree as PEDI OTHER in 7.0 and, having no PEDI word for it, per parent in 5.5.1', () => {
    const data: GedcomData = { individuals: [individual('I1', { childOf: [{ family: 'F1', pedigree: 'other' }] })], families: [family('F1', { wife: 'I2', children: ['I1'] })] }
    expect(write(data, '7.0')).toContain('2 PEDI OTHER')
    const v551 = write(data, '5.5.1')
    expect(v551.some((line) => line.includes('PEDI'))).toBe(false)
    expect(v551).toContain('2 _MREL Other')
    expect(reread(data, '5.5.1').individuals[0]!.childOf).toEqual([{ family: 'F1', pedigree: 'birth', wife: 'other' }])
  })

  describe('each parent’s kind', () => {
    // A mother's son by birth, whom her husband raised: step-son of the husband, son of the wife.
    const stepFamily: GedcomData = {
      individuals: [
        individual('I1', { sex: 'M', spouseOf: ['F1'] }),
        individual('I2', { sex: 'F', spouseOf: ['F1'] }),
        individual('I3', { childOf: [{ family: 'F1', pedigree: 'birth', husband: 'step' }] }),
        individual('I4', { childOf: [{ family: 'F1', pedigree: 'birth', wife: 'adopted' }] }),
        individual('I5', { childOf: [{ family: 'F1', pedigree: 'step' }] }),
        individual('I6', { childOf: [{ family: 'F1', pedigree: 'adopted' }] }),
      ],
      families: [family('F1', { husband: 'I1', wife: 'I2', children: ['I3', 'I4', 'I5', 'I6'] })],
    }

    it('writes _FREL/_MREL under CHIL when the parents’ kinds differ, and PEDI only when it is true of both', () => {
      for (const version of ['5.5.1', '7.0'] as const) {
        const lines = write(stepFamily, version)
        const after = (line: string, count: number) => lines.slice(lines.indexOf(line) + 1, lines.indexOf(line) + 1 + count)
        expect(after('1 CHIL @I3@', 2)).toEqual(['2 _FREL Step', '2 _MREL Birth'])
        expect(after('1 CHIL @I4@', 2)).toEqual(['2 _FREL Birth', '2 _MREL Adopted'])
        expect(after('1 CHIL @I6@', 1)[0]).not.toMatch(/_FREL|_MREL/)
        const famcOf = (xref: string) => {
          const rest = lines.slice(lines.indexOf(`0 @${xref}@ INDI`) + 1)
          return rest
            .slice(
              0,
              rest.findIndex((line) => line.startsWith('0 ')),
            )
            .filter((line) => /FAMC|PEDI|PHRASE/.test(line))
        }
        expect(famcOf('I3')).toEqual(['1 FAMC @F1@'])
        expect(famcOf('I4')).toEqual(['1 FAMC @F1@'])
        expect(famcOf('I6')).toEqual(['1 FAMC @F1@', version === '7.0' ? '2 PEDI ADOPTED' : '2 PEDI adopted'])
      }
    })

    it('writes a step-child of both parents per parent in 5.5.1 (no PEDI word) and as PEDI OTHER with a PHRASE in 7.0', () => {
      const v551 = write(stepFamily, '5.5.1')
      expect(v551.slice(v551.indexOf('1 CHIL @I5@') + 1, v551.indexOf('1 CHIL @I5@') + 3)).toEqual(['2 _FREL Step', '2 _MREL Step'])
      const v7 = write(stepFamily, '7.0')
      expect(v7.slice(v7.indexOf('1 FAMC @F1@', v7.indexOf('0 @I5@ INDI')), v7.indexOf('0 @I6@ INDI'))).toEqual(['1 FAMC @F1@', '2 PEDI OTHER', '3 PHRASE Step'])
    })

    it('declares _FREL and _MREL in a 7.0 header', () => {
      expect(write(stepFamily, '7.0')).toEqual(expect.arrayContaining(['1 SCHMA', '2 TAG _FREL urn:legado:gedcom:husband-relation', '2 TAG _MREL urn:legado:gedcom:wife-relation']))
    })

    it('reads each parent’s kind back from both versions', () => {
      for (const version of ['5.5.1', '7.0'] as const) {
        const kinds = reread(stepFamily, version).individuals.map((person) => person.childOf.map(({ pedigree, husband, wife }) => (husband ?? pedigree) + '/' + (wife ?? pedigree)))
        expect(kinds.slice(2)).toEqual([['step/birth'], ['birth/adopted'], ['step/step'], ['adopted/adopted']])
      }
    })
  })

  it('writes SEX U in 5.5.1 for someone 7.0 writes as X, which 5.5.1 does not have', () => {
    const data: GedcomData = { individuals: [individual('I1', { sex: 'X' }), individual('I2', { sex: 'U' }), individual('I3', { sex: 'F' })], families: [] }
    expect(write(data, '5.5.1').filter((line) => line.startsWith('1 SEX'))).toEqual(['1 SEX U', '1 SEX F'])
    expect(write(data, '7.0').filter((line) => line.startsWith('1 SEX'))).toEqual(['1 SEX X', '1 SEX F'])
  })

  it('rebuilds a NAME that no longer says the person’s surname', () => {
    const renamed: GedcomData = { individuals: [individual('I1', { name: 'María /García/', givenNames: 'María', surname: 'García López' })], families: [] }
    expect(write(renamed, '5.5.1')).toContain('1 NAME María /García López/')
    const kept: GedcomData = { individuals: [individual('I1', { name: 'Lt. Joseph "John" /de Allen/ jr.', givenNames: 'Joseph', surname: 'de Allen' })], families: [] }
    expect(write(kept, '5.5.1')).toContain('1 NAME Lt. Joseph "John" /de Allen/ jr.')
    expect(reread(kept, '7.0').individuals[0]).toMatchObject({ name: 'Lt. Joseph "John" /de Allen/ jr.', givenNames: 'Joseph', surname: 'de Allen' })
  })
})

describe('writeGedcom: dates, notes and media per version', () => {
  it('converts dates to 7.0: calendar keywords, BCE, phrases in PHRASE lines', () => {
    const data: GedcomData = {
      individuals: [
        individual('I1', { birth: { date: '@#DJULIAN@ 12 FEB 1699' }, death: { date: 'INT 1750 (según el párroco)' } }),
        individual('I2', { birth: { date: '12 FEB 1699/00' }, death: { date: '44 B.C.' } }),
      ],
      families: [],
    }
    const v7 = write(data, '7.0')
    expect(v7).toEqual(
      expect.arrayContaining(['2 DATE JULIAN 12 FEB 1699', '2 DATE 1750', '3 PHRASE según el párroco', '2 DATE 12 FEB 1700', '3 PHRASE 12 FEB 1699/00', '2 DATE 44 BCE']),
    )
    expect(write(data, '5.5.1')).toEqual(expect.arrayContaining(['2 DATE @#DJULIAN@ 12 FEB 1699', '2 DATE INT 1750 (según el párroco)', '2 DATE 12 FEB 1699/00', '2 DATE 44 B.C.']))
    // Through 7.0 and back to 5.5.1 the dates read as they were written.
    const back = write(reread(data, '7.0'), '5.5.1')
    expect(back).toEqual(expect.arrayContaining(['2 DATE @#DJULIAN@ 12 FEB 1699', '2 DATE INT 1750 (según el párroco)', '2 DATE 12 FEB 1699/00', '2 DATE 44 B.C.']))
  })

  it('writes a shared note once, as NOTE (5.5.1) or SNOTE (7.0), and points to it from each person', () => {
    const shared = { text: 'Hermanos criados por su abuela.', record: 'N7' }
    const data: GedcomData = { individuals: [individual('I1', { notes: [shared] }), individual('I2', { notes: [{ text: 'Propia' }, shared] })], families: [] }
    const v551 = write(data, '5.5.1')
    expect(v551.filter((line) => line.includes('NOTE'))).toEqual(['1 NOTE @N7@', '1 NOTE Propia', '1 NOTE @N7@', '0 @N7@ NOTE Hermanos criados por su abuela.'])
    const v7 = write(data, '7.0')
    expect(v7.filter((line) => line.includes('NOTE'))).toEqual(['1 SNOTE @N7@', '1 NOTE Propia', '1 SNOTE @N7@', '0 @N7@ SNOTE Hermanos criados por su abuela.'])
    expect(reread(data, '7.0').individuals[1]?.notes).toEqual([{ text: 'Propia' }, shared])
  })

  it('writes media as OBJE records: short formats in 5.5.1, media types and URI references in 7.0', () => {
    const data: GedcomData = {
      individuals: [
        individual('I1', {
          media: [
            { file: 'C:\\Fotos\\Boda de José.jpg', title: 'Boda', format: 'jpg' },
            { file: 'media/original.mp3', format: 'audio/mpeg', record: 'O1' },
            { file: 'media/transcript.txt', record: 'O1' },
          ],
        }),
        individual('I2', { media: [{ file: 'media/original.mp3', format: 'audio/mpeg', record: 'O1' }] }),
      ],
      families: [],
    }
    const v551 = write(data, '5.5.1')
    // Records in the order they are first linked; the model's record keeps its xref, the inline file gets the next free one.
    expect(v551.slice(v551.indexOf('0 @O2@ OBJE'))).toEqual([
      '0 @O2@ OBJE',
      '1 FILE C:\\Fotos\\Boda de José.jpg',
      '2 FORM jpg',
      '2 TITL Boda',
      '0 @O1@ OBJE',
      '1 FILE media/original.mp3',
      '2 FORM mp3',
      '1 FILE media/transcript.txt',
      '2 FORM txt',
      '0 TRLR',
    ])
    expect(v551.filter((line) => line.startsWith('1 OBJE'))).toEqual(['1 OBJE @O2@', '1 OBJE @O1@', '1 OBJE @O1@'])
    const v7 = write(data, '7.0')
    expect(v7).toEqual(expect.arrayContaining(['1 FILE file:///C:/Fotos/Boda%20de%20Jos%C3%A9.jpg', '2 FORM image/jpeg', '2 FORM audio/mpeg', '2 FORM text/plain']))
    expect(reread(data, '5.5.1').individuals[0]?.media.map((ref) => ref.file)).toEqual(['C:\\Fotos\\Boda de José.jpg', 'media/original.mp3', 'media/transcript.txt'])
  })
})

describe('writeGedcom: streaming', () => {
  it('yields the file in chunks that end on line breaks and join to the whole file, with CRLF if asked', () => {
    const people = Array.from({ length: 5_000 }, (_, index) => individual(`I${index + 1}`, { givenNames: 'Ñandú', surname: `Pérez ${index}` }))
    const data: GedcomData = { individuals: people, families: [] }
    const all = [...writeGedcom(data, { version: '5.5.1', lineEnding: '\r\n', chunkSize: 2_000 })]
    // Planning a large file's identifiers yields empty chunks first, where a paced consumer lets others in.
    expect(all.indexOf('')).toBe(0)
    const chunks = all.filter(Boolean)
    expect(chunks.length).toBeGreaterThan(10)
    for (const chunk of chunks) {
      expect(chunk.endsWith('\r\n')).toBe(true)
      expect(chunk.length).toBeLessThan(2_000 + 200)
    }
    expect(chunks.join('')).toBe(writeGedcomString(data, { version: '5.5.1', lineEnding: '\r\n' }))
    expect(readGedcomFile(Buffer.from(chunks.join(''))).individuals).toHaveLength(5_000)
  })
})

describe('writeGedcom: one large family', () => {
  it('hands a family of 30,000 children on in chunks of about the chunk size, not as one', () => {
    const children = Array.from({ length: 30_000 }, (_, index) => individual(`I${index + 3}`, { childOf: [{ family: 'F1', pedigree: 'birth' }] }))
    const parents = [individual('I1', { spouseOf: ['F1'] }), individual('I2', { spouseOf: ['F1'] })]
    const data: GedcomData = { individuals: [...parents, ...children], families: [family('F1', { husband: 'I1', wife: 'I2', children: children.map((child) => child.xref) })] }
    const chunks = [...writeGedcom(data, { version: '7.0' })].filter(Boolean)
    const whole = chunks.join('')
    expect(whole).toBe(writeGedcomString(data, { version: '7.0' }))
    expect(whole.split('\n').filter((line) => line.startsWith('1 CHIL '))).toHaveLength(30_000)
    // The family alone is half a million characters: written in one call, it was one chunk.
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(2 * 65_536)
  })
})
