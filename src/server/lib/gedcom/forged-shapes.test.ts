import { describe, expect, it } from 'vitest'
import { readGedcomFile, writeGedcomString } from './index.ts'

// Shapes no family has but one account can upload: one man in tens of thousands of families, one
// family with tens of thousands of children, links stated on one side only. Each is read and
// written back whole; a reader that searched a list per link would not finish within the test's
// time.

const size = 30_000
const header = ['0 HEAD', '1 GEDC', '2 VERS 7.0']
const file = (lines: string[]) => Buffer.from([...header, ...lines, '0 TRLR'].join('\n') + '\n')

describe('forged GEDCOM shapes', () => {
  it('reads and writes one man in thirty thousand families, each link stated on his side only', { timeout: 20_000 }, () => {
    const lines = ['0 @I0@ INDI', '1 NAME Juan /Forjado/', '1 SEX M']
    for (let i = 0; i < size; i += 1) lines.push(`1 FAMS @F${i}@`)
    for (let i = 0; i < size; i += 1) lines.push(`0 @F${i}@ FAM`)
    const tree = readGedcomFile(file(lines))
    expect(tree.individuals[0]!.spouseOf).toHaveLength(size)
    expect(tree.families.every((family) => family.husband === 'I0')).toBe(true)
    const again = readGedcomFile(Buffer.from(writeGedcomString(tree, { version: '7.0' })))
    expect(again.families).toHaveLength(size)
    expect(again.individuals[0]!.spouseOf).toHaveLength(size)
  })

  it('reads and writes one family with thirty thousand children, listed once by the family and once by each child', { timeout: 20_000 }, () => {
    const lines = ['0 @F0@ FAM']
    for (let i = 0; i < size; i += 1) lines.push(`1 CHIL @I${i}@`)
    // Every child repeats the link, and the family lists the first child twice.
    lines.push('1 CHIL @I0@')
    for (let i = 0; i < size; i += 1) lines.push(`0 @I${i}@ INDI`, `1 NAME Hijo ${i} /Forjado/`, '1 FAMC @F0@')
    const tree = readGedcomFile(file(lines))
    expect(tree.families[0]!.children).toHaveLength(size)
    expect(tree.individuals.every((person) => person.childOf.length === 1)).toBe(true)
    const again = readGedcomFile(Buffer.from(writeGedcomString(tree, { version: '5.5.1' })))
    expect(again.families[0]!.children).toEqual(tree.families[0]!.children)
  })
})
