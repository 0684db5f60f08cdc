import { describe, expect, it } from 'vitest'
import { languages } from '../../shared/limits.ts'

/** Every catalogue file, keyed by `lng/ns`. */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' })

/** Every text of a catalogue, with its key path. */
function* texts(value: unknown, prefix: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [prefix, value]
  else if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) yield* texts(child, `${prefix}.${key}`)
}

/**
 * GEDCOM tags, matched as whole upper-case words so that ordinary words ("note", "Map") pass.
 * The format's name itself, GEDCOM, is a word people who use genealogy programs know; its tags are not.
 */
const gedcomTags = [
  'GEDZIP',
  'HEAD',
  'TRLR',
  'GEDC',
  'VERS',
  'CHAR',
  'SUBM',
  'SUBN',
  'INDI',
  'FAM',
  'FAMC',
  'FAMS',
  'CHIL',
  'HUSB',
  'WIFE',
  'PEDI',
  'NAME',
  'GIVN',
  'SURN',
  'NPFX',
  'NSFX',
  'SPFX',
  'NICK',
  'SEX',
  'BIRT',
  'DEAT',
  'BURI',
  'CREM',
  'CHR',
  'BAPM',
  'MARR',
  'DIV',
  'ENGA',
  'OCCU',
  'RESI',
  'EDUC',
  'EVEN',
  'FACT',
  'SOUR',
  'REPO',
  'NOTE',
  'SNOTE',
  'OBJE',
  'FILE',
  'FORM',
  'PLAC',
  'MAP',
  'LATI',
  'LONG',
  'DATE',
  'TYPE',
  'CONC',
  'CONT',
  'REFN',
  'RIN',
  'EXID',
  'CHAN',
  'ASSO',
  'ADDR',
  'RESN',
]

/** What belongs to whoever runs the server, never to the family's pages: its settings, its documentation, its commands, the file format's insides. */
const wrongRoom: [string, RegExp][] = [
  ['an environment variable', /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/],
  ['the README', /\bREADME\b/i],
  ['a command', /\bnpm\b|`/],
  ['a custom GEDCOM tag', /(^|[^\p{L}\p{N}])_[A-Z][A-Z0-9_]*\b/u],
  ['a GEDCOM tag', new RegExp(`\\b(${gedcomTags.join('|')})\\b`)],
]

describe.each(languages)('the %s catalogues speak the family’s language', (lng) => {
  const catalogues = Object.entries(files).filter(([path]) => path.startsWith(`./${lng}/`))

  it('exist', () => {
    expect(catalogues.length).toBeGreaterThan(0)
  })

  it.each(wrongRoom)('name no %s', (_what, pattern) => {
    const found = catalogues.flatMap(([path, catalogue]) =>
      [...texts(catalogue, path.slice(2, -5))].filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`),
    )
    expect(found).toEqual([])
  })
})

describe('the scan', () => {
  it('catches the words it is for and lets ordinary ones pass', () => {
    const caught = (text: string) => wrongRoom.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)
    expect(caught('Pon la variable AI_PROVIDER en gemini')).toEqual(['an environment variable'])
    expect(caught('los detalles están en el README')).toEqual(['the README'])
    expect(caught('Descargar GEDZIP')).toEqual(['a GEDCOM tag'])
    expect(caught('_FREL 1245, BURI 431')).toEqual(['a custom GEDCOM tag', 'a GEDCOM tag'])
    expect(caught('Una nota con su fecha, en el mapa de la familia, archivo GEDCOM (.ged)')).toEqual([])
  })
})
