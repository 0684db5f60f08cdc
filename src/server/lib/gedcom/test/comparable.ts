// Models in a form two reads of "the same tree" must share: xrefs replaced by each record's position
// (a writer may renumber), shared-record ids dropped, and, across GEDCOM versions, dates and file
// references compared through the conversions the writer documents.
import { toGedcom551Date } from '../dates.ts'
import { toGedcom7FileReference } from '../media-format.ts'
import type { GedcomData, GedcomEvent, GedcomMediaRef, GedcomNote } from '../model.ts'

export interface ComparableOptions {
  /** After a 7.0 trip: dates compared without spacing or case, files as 7.0 URI references. */
  isAcrossVersion7?: boolean
  /** After a 5.5.1 trip: 7.0's X (neither M nor F) is U, as 5.5.1 has no X. */
  isThrough551?: boolean
}

export function comparable(data: GedcomData, options: ComparableOptions = {}) {
  const people = new Map(data.individuals.map((person, index) => [person.xref, `person ${index}`]))
  const families = new Map(data.families.map((family, index) => [family.xref, `family ${index}`]))
  const date = (event: GedcomEvent) => {
    const written = toGedcom551Date(event.date, event.datePhrase)
    if (!options.isAcrossVersion7 || written === undefined) return written
    return written
      .replace(/\s+/g, ' ')
      .trim()
      .toUpperCase()
      .replace(/^\((.*)\)$/, '$1')
  }
  const event = (value: GedcomEvent | undefined) => value && { date: date(value), place: value.place }
  const notes = (list: GedcomNote[]) => list.map((note) => note.text)
  const media = (list: GedcomMediaRef[]) => list.map((ref) => ({ file: options.isAcrossVersion7 ? toGedcom7FileReference(ref.file) : ref.file, title: ref.title }))
  return {
    individuals: data.individuals.map((person) => ({
      givenNames: person.givenNames,
      surname: person.surname,
      sex: options.isThrough551 && person.sex === 'X' ? 'U' : person.sex,
      birth: event(person.birth),
      death: event(person.death),
      notes: notes(person.notes),
      media: media(person.media),
      childOf: person.childOf.map((link) => ({ family: families.get(link.family), pedigree: link.pedigree })),
      spouseOf: person.spouseOf.map((family) => families.get(family)),
    })),
    families: data.families.map((family) => ({
      husband: family.husband === undefined ? undefined : people.get(family.husband),
      wife: family.wife === undefined ? undefined : people.get(family.wife),
      children: family.children.map((child) => people.get(child)),
      marriage: event(family.marriage),
      divorce: event(family.divorce),
      notes: notes(family.notes),
      media: media(family.media),
    })),
  }
}
