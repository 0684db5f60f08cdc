import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { fromGedcomDate, serializeGenealogyDate, toGedcomDate } from '../../../shared/genealogy-date/index.ts'
import { readStoredDate, storedDateText, type StoredGenealogyDate } from '../../../shared/genealogy-date/stored.ts'
import { hasSharedGedcom, noticeMissingSharedGedcom, readSharedBytes } from '../../lib/gedcom/test/shared-files.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { hasGramps, noticeMissingGramps } from './test/gramps.ts'
import { differencesBetween, facts, grampsVersions, roundTripThroughGramps, type GrampsRoundTrip, type GrampsVersion } from './test/gramps-round-trip.ts'

// The large shared trees (royal92: 3,010 people; pres2020: 2,322) take the round trip of
// gedcom.gramps.test.ts: Legado's 5.5.1 and 7.0 exports through Gramps 5.1 and back into fresh
// accounts, and Gramps's file back into the account it came from, which duplicates nobody. A file
// of its own, so that vitest runs these minutes beside the other suites rather than after them.

noticeMissingSharedGedcom()
noticeMissingGramps()

/**
 * What Gramps 5.1 itself changes in these trees, as rules rather than hundreds of lines, so any
 * other difference fails the test and so does one of these going away:
 * - from 7.0, every date Legado writes with a PHRASE (a dual year, as 7.0's spec advises, or a
 *   phrase the file wrote in parentheses) comes back as its DATE value alone, empty or not:
 *   Gramps reads no PHRASE;
 * - from 5.5.1, Gramps reads some dual years (`julianDualYears`) as Julian dates and writes
 *   them back as such, with the new-style year; the others it keeps as written;
 * - `NAME /William/ I` (a king with no given name, `I` his suffix): Gramps reads the word after
 *   the surname as the given name, in both versions.
 */
const changedByGramps: Record<string, { julianDualYears?: string[]; givenName?: { lastName: string; deathDate: string; as: string } }> = {
  'gedcom-5.5/large/royal92.ged': {},
  'gedcom-5.5/large/pres2020.ged': {
    julianDualYears: ['1589/90', '1719/20', 'JAN 1740/41', '9 FEB 1657/58', '2 MAR 1707/08', '13 JAN 1704/05', '3 JAN 1742/43', '9 JAN 1744/45'],
    givenName: { lastName: 'William', deathDate: '1214', as: 'I' },
  },
}

/** A stored date as Legado reads it back from a GEDCOM DATE value with no PHRASE. */
function readBack(date: string): StoredGenealogyDate | null {
  const value = fromGedcomDate(date)
  return value ? serializeGenealogyDate(value) : null
}

/** The tree as Gramps gives it back from `version`'s export, by the rules above. */
function asGrampsGivesBack(trip: GrampsRoundTrip, file: string, version: GrampsVersion): FamilyTree {
  const changes = changedByGramps[file] ?? {}
  const rewrite = (stored: StoredGenealogyDate | null): StoredGenealogyDate | null => {
    const value = readStoredDate(stored)
    if (!value) return stored
    const written = toGedcomDate(value, '7.0')
    if (version === '7.0') {
      if (written.phrase === undefined) return stored
      // The rule holds only for dates the export really wrote with a PHRASE.
      expect(trip.exports['7.0']).toContain(`3 PHRASE ${written.phrase}`)
      return readBack(written.date)
    }
    return changes.julianDualYears?.includes(storedDateText(stored!)) ? readBack(`@#DJULIAN@ ${written.date}`) : stored
  }
  const renamed = changes.givenName
  return {
    ...trip.tree,
    members: trip.tree.members.map((member) => ({
      ...member,
      firstName:
        renamed && member.lastName === renamed.lastName && member.deathDate !== null && storedDateText(member.deathDate) === renamed.deathDate ? renamed.as : member.firstName,
      birthDate: rewrite(member.birthDate),
      deathDate: rewrite(member.deathDate),
    })),
    unions: trip.tree.unions.map((union) => ({ ...union, marriageDate: rewrite(union.marriageDate), divorceDate: rewrite(union.divorceDate) })),
  }
}

describe.skipIf(!hasSharedGedcom || !hasGramps)('the large shared trees through Gramps and back', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  it.concurrent.each(Object.keys(changedByGramps))(
    '%s comes back from Gramps, from both exports, with only the changes Gramps makes',
    async (file) => {
      const trip = await roundTripThroughGramps(t, readSharedBytes(file), { grampsTimeoutMs: 480_000 })
      const expected = grampsVersions.flatMap((version) => differencesBetween(trip.original, facts(asGrampsGivesBack(trip, file, version)), version))
      expect(trip.differences).toEqual(expected)
    },
    // A large tree's round trip takes one to two minutes alone, and several on a busy machine:
    // one Gramps run took over two minutes beside the other suites.
    600_000,
  )
})
