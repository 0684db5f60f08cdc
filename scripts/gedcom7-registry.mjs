// Rebuilds src/server/lib/gedcom/test/gedcom7-registry.json, the table the GEDCOM 7 validator of
// the tests reads, from the FamilySearch GEDCOM specification's own machine-readable files: the
// repository FamilySearch/GEDCOM (branch main, the 7.0 line), Apache License 2.0, "This work
// comprises, is based on, or is derived from the FAMILYSEARCH GEDCOM™ Specification, © 1984-2026
// Intellectual Reserve, Inc." (its NOTICE). The data comes from its extracted-files folder:
// substructures.tsv, cardinalities.tsv, payloads.tsv, enumerations.tsv, enumerationsets.tsv and
// the YAML of each enumeration value, calendar and month under tags/.
//
// For maintainers, when a new 7.0 patch release changes the tables:
//   node scripts/gedcom7-registry.mjs <path>
// where <path> is a checkout of that repository, or its bare git directory (read at HEAD). The
// tests never run this: they read the JSON, so they need neither the network nor the snapshot.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const output = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server/lib/gedcom/test/gedcom7-registry.json')
const source = process.argv[2]
if (!source) {
  console.error('usage: node scripts/gedcom7-registry.mjs <checkout or git directory of FamilySearch/GEDCOM>')
  process.exit(2)
}

const isCheckout = existsSync(path.join(source, 'extracted-files'))
const git = (...args) => execFileSync('git', [isCheckout ? '-C' : '--git-dir', source, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })
const read = (relative) => (isCheckout ? readFileSync(path.join(source, relative), 'utf8') : git('show', `HEAD:${relative}`))
const commit = git('rev-parse', 'HEAD').trim()

/** Rows of a TSV without its header line. */
const rows = (name) =>
  read(`extracted-files/${name}`)
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'))

const v7 = 'https://gedcom.io/terms/v7/'
/** URIs of the standard shortened to what follows the v7 prefix, so the table stays small. */
const short = (uri) => (uri.startsWith(v7) ? uri.slice(v7.length) : uri)
/** The few YAML keys read here are flat (`key: 'value'`) or a list of quoted strings below a key. */
const yamlOf = (uri) => read(`extracted-files/tags/${short(uri)}`)
const yamlTag = (text) => /^standard tag: '?([A-Z0-9_]+)'?$/m.exec(text)?.[1]
const yamlList = (text, key) => {
  const block = new RegExp(`^${key}:\\n((?:  - .*\\n)*)`, 'm').exec(text)?.[1] ?? ''
  return [...block.matchAll(/- "?([^"\n]+)"?/g)].map((match) => match[1])
}

/** `{0:1}` → [0, 1]; `{1:M}` → [1, null]. */
const cardinality = (text) => {
  const match = /^\{(\d+):(\d+|M)\}$/.exec(text)
  if (!match) throw new Error(`unknown cardinality ${text}`)
  return [Number(match[1]), match[2] === 'M' ? null : Number(match[2])]
}

/** Payload kinds the validator knows; anything else stops the build, so a new kind is never skipped silently. */
const payloadKinds = new Map([
  ['', 'none'],
  ['Y|<NULL>', 'Y'],
  ['http://www.w3.org/2001/XMLSchema#string', 'Text'],
  ['http://www.w3.org/2001/XMLSchema#Language', 'Language'],
  ['http://www.w3.org/2001/XMLSchema#anyURI', 'URI'],
  ['http://www.w3.org/2001/XMLSchema#nonNegativeInteger', 'Integer'],
  ['http://www.w3.org/ns/dcat#mediaType', 'MediaType'],
  [`${v7}type-Age`, 'Age'],
  [`${v7}type-Date`, 'Date'],
  [`${v7}type-Date#exact`, 'DateExact'],
  [`${v7}type-Date#period`, 'DatePeriod'],
  [`${v7}type-Enum`, 'Enum'],
  [`${v7}type-FilePath`, 'FilePath'],
  [`${v7}type-Latitude`, 'Latitude'],
  [`${v7}type-Longitude`, 'Longitude'],
  [`${v7}type-List#Enum`, 'ListEnum'],
  [`${v7}type-List#Text`, 'ListText'],
  [`${v7}type-Name`, 'Name'],
  [`${v7}type-TagDef`, 'TagDef'],
  [`${v7}type-Time`, 'Time'],
])
const payloadOf = (text) => {
  const pointer = /^@<(.+)>@$/.exec(text)
  if (pointer) return `@${short(pointer[1])}`
  const kind = payloadKinds.get(text)
  if (kind === undefined) throw new Error(`unknown payload type ${text}`)
  return kind
}

const structures = {}
const structure = (uri) => (structures[short(uri)] ??= { tag: '', payload: 'none', substructures: {} })
const records = {}
for (const [superstructure, tag, uri] of rows('substructures.tsv')) {
  if (superstructure === '') {
    // CONT is a line continuation, not a record; the validator handles it as such.
    if (tag !== 'CONT') records[tag] = short(uri)
    structure(uri).tag = tag
    continue
  }
  structure(uri).tag = tag
  structure(superstructure).substructures[tag] = { type: short(uri), cardinality: [0, null] }
}
for (const [superstructure, uri, text] of rows('cardinalities.tsv')) {
  const sub = Object.values(structure(superstructure).substructures).find((entry) => entry.type === short(uri))
  if (!sub) throw new Error(`cardinality without a substructure: ${superstructure} ${uri}`)
  sub.cardinality = cardinality(text)
}
for (const [uri, text] of rows('payloads.tsv')) structure(uri).payload = payloadOf(text)
for (const [uri, set] of rows('enumerations.tsv')) structure(uri).enumerationSet = short(set)

const enumerationSets = {}
for (const [set, value] of rows('enumerationsets.tsv')) {
  const tag = yamlTag(yamlOf(value))
  if (!tag) throw new Error(`no tag for enumeration value ${value}`)
  ;(enumerationSets[short(set)] ??= []).push(tag)
}

const calendars = {}
const calendarFiles = git('ls-tree', '--name-only', 'HEAD', 'extracted-files/tags/')
  .split('\n')
  .filter((file) => /\/cal-[^/]+$/.test(file))
for (const file of calendarFiles) {
  const text = read(file)
  calendars[yamlTag(text)] = {
    months: yamlList(text, 'months').map((uri) => yamlTag(yamlOf(uri))),
    epochs: yamlList(text, 'epochs'),
  }
}

const table = {
  source: {
    what: 'FamilySearch GEDCOM 7.0: extracted-files of the specification, by scripts/gedcom7-registry.mjs',
    repository: 'FamilySearch/GEDCOM',
    commit,
    licence: 'Apache-2.0',
    notice: 'This work comprises, is based on, or is derived from the FAMILYSEARCH GEDCOM™ Specification, © 1984-2026 Intellectual Reserve, Inc. All rights reserved.',
    uriPrefix: v7,
  },
  records,
  calendars,
  enumerationSets,
  structures: Object.fromEntries(Object.entries(structures).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
}
// One structure per line: small enough to review in a diff, and JSON all the same.
const body = Object.entries(table)
  .map(([key, value]) =>
    key === 'structures'
      ? `  "structures": {\n${Object.entries(value)
          .map(([uri, entry]) => `    ${JSON.stringify(uri)}: ${JSON.stringify(entry)}`)
          .join(',\n')}\n  }`
      : `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  )
  .join(',\n')
writeFileSync(output, `{\n${body}\n}\n`)
console.log(`${path.relative(process.cwd(), output)}: ${Object.keys(structures).length} structure types, from ${commit}`)
