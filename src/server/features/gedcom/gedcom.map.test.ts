import { describe, expect, it } from 'vitest'
import { readGedcomFile } from '../../lib/gedcom/index.ts'
import { mapGedcomToBatch } from './gedcom.map.ts'

// The mapper on small files: what a genealogist's file says, as the family tree's import door takes it.

const v551 = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8']
const v7 = ['0 HEAD', '1 GEDC', '2 VERS 7.0']
const mapLines = (...list: string[]) => mapGedcomToBatch(readGedcomFile(Buffer.from([...list, '0 TRLR', ''].join('\n'))), 'f'.repeat(64))
const memberOf = (mapped: ReturnType<typeof mapLines>, xref: string) => mapped.batch.members.find((member) => member.sourceId === `@${xref}`)!

describe('mapGedcomToBatch: who has died', () => {
  it('takes a burial, a cremation, DEAT Y and a DEAT with only a note or a date phrase as deceased, and a birth alone as living', () => {
    const mapped = mapLines(
      ...v7,
      '0 @I1@ INDI',
      '1 BURI',
      '2 PLAC Cementerio Central',
      '0 @I2@ INDI',
      '1 CREM Y',
      '0 @I3@ INDI',
      '1 DEAT Y',
      '0 @I4@ INDI',
      '1 DEAT',
      '2 NOTE Murió en la guerra.',
      '0 @I5@ INDI',
      '1 DEAT',
      '2 DATE',
      '3 PHRASE poco después de la guerra',
      '0 @I6@ INDI',
      '1 BIRT',
      '2 DATE 1990',
    )
    expect(['I1', 'I2', 'I3', 'I4', 'I5', 'I6'].map((xref) => memberOf(mapped, xref).isDeceased)).toEqual([true, true, true, true, true, false])
  })

  it('takes a 5.5.1 burial with only a date as deceased', () => {
    expect(memberOf(mapLines(...v551, '0 @I1@ INDI', '1 NAME Luis /Ruiz/', '1 BURI', '2 DATE 1950'), 'I1').isDeceased).toBe(true)
  })
})

describe('mapGedcomToBatch: notes', () => {
  it('leaves out the note another program wrote about lines it did not understand', () => {
    const mapped = mapLines(
      ...v551,
      '0 @I1@ INDI',
      '1 NOTE @N1@',
      '1 NOTE @N2@',
      '0 @N1@ NOTE Cantaba boleros.',
      '0 @N2@ NOTE Records not imported into INDI (individual) Gramps ID I0001:',
      '1 CONT',
      '1 CONT Line ignored as not understood                                      Line    15: 2 _LEGADO_SUMMARY Y',
      '1 CONT',
    )
    expect(memberOf(mapped, 'I1')).toMatchObject({ notes: 'Cantaba boleros.', bioSummary: 'Cantaba boleros.' })
  })

  it('reads a biography marked as also the first note into both fields', () => {
    const mapped = mapLines(...v7, '1 SCHMA', '2 TAG _LEGADO_SUMMARY urn:legado:gedcom:summary', '0 @I1@ INDI', '1 NOTE Primera.', '2 _LEGADO_SUMMARY NOTE', '1 NOTE Segunda.')
    expect(memberOf(mapped, 'I1')).toMatchObject({ notes: 'Primera.\n\nSegunda.', bioSummary: 'Primera.' })
  })
})
