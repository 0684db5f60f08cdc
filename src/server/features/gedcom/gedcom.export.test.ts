import { describe, expect, it } from 'vitest'
import { notesOf } from './gedcom.export.ts'

describe('notesOf: a member’s notes as GEDCOM notes', () => {
  it('writes a biography that is the start of the notes once, as the first note, and the rest after it', () => {
    expect(notesOf({ bioSummary: 'Primera.', notes: 'Primera.\n\nSegunda.' })).toEqual([{ text: 'Primera.', isSummary: true, isAlsoNote: true }, { text: 'Segunda.' }])
    expect(notesOf({ bioSummary: 'Sola.', notes: 'Sola.' })).toEqual([{ text: 'Sola.', isSummary: true, isAlsoNote: true }])
  })

  it('writes a biography of its own apart from the notes, and notes without a biography as they are', () => {
    expect(notesOf({ bioSummary: 'Resumen.', notes: 'Otra cosa.' })).toEqual([{ text: 'Resumen.', isSummary: true }, { text: 'Otra cosa.' }])
    expect(notesOf({ bioSummary: '', notes: 'Nota.' })).toEqual([{ text: 'Nota.' }])
  })
})
