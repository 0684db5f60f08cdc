import { describe, expect, it } from 'vitest'
import { changedFields, loadStoredChanges } from './member-conflict.ts'
import { emptyMemberValues } from './member-form-values.ts'

const opened = { ...emptyMemberValues, firstName: 'Carmen', lastName: 'López', birthPlace: 'Cádiz', parentMemberIds: ['a', 'b'], parentKinds: { a: 'birth', b: 'birth' } as const }

describe('a member changed by someone else while the form was open', () => {
  it('names the fields that differ, a list of relatives as one, whatever the order of its ids', () => {
    const stored = { ...opened, birthPlace: 'Sevilla', parentMemberIds: ['b', 'a'], childrenMemberIds: ['c'] }
    expect(changedFields(opened, stored)).toEqual(['birthPlace', 'children'])
    expect(changedFields(opened, { ...opened, parentKinds: { a: 'birth', b: 'adopted' } })).toEqual(['parents'])
  })

  it('loads what the other changed, keeps what only this person changed, and names what gave way', () => {
    const stored = { ...opened, birthPlace: 'Sevilla', notes: 'Nació en casa.', deathPlace: 'Jerez' }
    const typed = { ...opened, birthPlace: 'Jerez', bioSummary: 'Cantaba coplas.', deathPlace: 'Jerez' }
    const { values, replaced } = loadStoredChanges(typed, opened, stored)
    expect(values).toMatchObject({ birthPlace: 'Sevilla', notes: 'Nació en casa.', bioSummary: 'Cantaba coplas.', deathPlace: 'Jerez' })
    // The same change typed by both gave nothing away.
    expect(replaced).toEqual(['birthPlace'])
  })
})
