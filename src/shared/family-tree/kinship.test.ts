import { describe, expect, it } from 'vitest'
import { kinshipBetween, maxKinGenerations, type KinGraph, type Kinship } from './kinship.ts'
import { kinshipWord } from './kinship-words.ts'

/**
 * Four generations: Ernesto and Carmen (married) had Rosa and Tomás; Rosa and Luis (married) had
 * Pablo and Inés; Luis and Marta (partners, unmarried) had Sergio; Tomás and Elena had Irene;
 * Pablo and Lucía (married) had Mateo. Carmen's mother is Dolores.
 */
function family(): KinGraph {
  const parents = new Map<string, string[]>([
    ['carmen', ['dolores']],
    ['rosa', ['ernesto', 'carmen']],
    ['tomas', ['ernesto', 'carmen']],
    ['pablo', ['rosa', 'luis']],
    ['ines', ['rosa', 'luis']],
    ['sergio', ['luis', 'marta']],
    ['irene', ['tomas', 'elena']],
    ['mateo', ['pablo', 'lucia']],
  ])
  const unions: [string, string, boolean][] = [
    ['ernesto', 'carmen', true],
    ['rosa', 'luis', true],
    ['luis', 'marta', false],
    ['tomas', 'elena', true],
    ['pablo', 'lucia', true],
  ]
  const partners = new Map<string, { id: string; isMarried: boolean }[]>()
  for (const [a, b, isMarried] of unions) {
    partners.set(a, [...(partners.get(a) ?? []), { id: b, isMarried }])
    partners.set(b, [...(partners.get(b) ?? []), { id: a, isMarried }])
  }
  return { parents, partners }
}

const of = (from: string, to: string, graph = family()) => kinshipBetween(graph, from, to)

describe('kinshipBetween', () => {
  it('names ancestors and descendants by their generations', () => {
    expect(of('mateo', 'pablo')).toEqual({ relation: 'ancestor', generations: 1 })
    expect(of('mateo', 'rosa')).toEqual({ relation: 'ancestor', generations: 2 })
    expect(of('mateo', 'ernesto')).toEqual({ relation: 'ancestor', generations: 3 })
    expect(of('mateo', 'dolores')).toEqual({ relation: 'ancestor', generations: 4 })
    expect(of('ernesto', 'mateo')).toEqual({ relation: 'descendant', generations: 3 })
    expect(of('rosa', 'pablo')).toEqual({ relation: 'descendant', generations: 1 })
  })

  it('tells full siblings from half-siblings', () => {
    expect(of('pablo', 'ines')).toEqual({ relation: 'sibling' })
    expect(of('rosa', 'tomas')).toEqual({ relation: 'sibling' })
    expect(of('pablo', 'sergio')).toEqual({ relation: 'half-sibling' })
    expect(of('sergio', 'ines')).toEqual({ relation: 'half-sibling' })
  })

  it('calls siblings those who share the only parent anyone recorded', () => {
    const graph = {
      parents: new Map([
        ['a', ['mum']],
        ['b', ['mum', 'dad']],
      ]),
      partners: new Map(),
    }
    expect(of('a', 'b', graph)).toEqual({ relation: 'sibling' })
  })

  it('names uncles and aunts, nephews and nieces, and cousins', () => {
    expect(of('pablo', 'tomas')).toEqual({ relation: 'uncle-aunt' })
    expect(of('tomas', 'ines')).toEqual({ relation: 'nephew-niece' })
    expect(of('pablo', 'irene')).toEqual({ relation: 'cousin' })
    expect(of('irene', 'ines')).toEqual({ relation: 'cousin' })
  })

  it('names spouses, partners, step-parents and in-laws', () => {
    expect(of('pablo', 'lucia')).toEqual({ relation: 'spouse' })
    expect(of('marta', 'luis')).toEqual({ relation: 'partner' })
    expect(of('pablo', 'marta')).toEqual({ relation: 'step-parent' })
    expect(of('marta', 'ines')).toEqual({ relation: 'step-child' })
    expect(of('luis', 'ernesto')).toEqual({ relation: 'parent-in-law' })
    expect(of('carmen', 'luis')).toEqual({ relation: 'child-in-law' })
    expect(of('luis', 'tomas')).toEqual({ relation: 'sibling-in-law' })
    expect(of('rosa', 'elena')).toEqual({ relation: 'sibling-in-law' })
    expect(of('lucia', 'ines')).toEqual({ relation: 'sibling-in-law' })
  })

  it('knows the person talking as themself', () => {
    expect(of('pablo', 'pablo')).toEqual({ relation: 'self' })
  })

  it('names nothing without a path, or too far along one', () => {
    expect(of('mateo', 'irene')).toBeNull() // a first cousin once removed: further than the tree names
    expect(of('lucia', 'dolores')).toBeNull()
    expect(of('pablo', 'nobody')).toBeNull()
    expect(of('nobody', 'pablo')).toBeNull()
  })

  it('walks a loop in the parent links without going round it', () => {
    // Someone typed a child as their grandmother's parent: a → b → c → a.
    const graph = {
      parents: new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
        ['d', ['c']],
      ]),
      partners: new Map(),
    }
    expect(of('a', 'c', graph)).toEqual({ relation: 'ancestor', generations: 2 })
    expect(of('a', 'd', graph)).toEqual({ relation: 'descendant', generations: 2 })
    expect(of('a', 'x', graph)).toBeNull()
  })

  it('counts far generations and stops where the tree stops naming them', () => {
    const parents = new Map<string, string[]>()
    for (let i = 0; i < 30; i += 1) parents.set(`g${i}`, [`g${i + 1}`])
    const graph = { parents, partners: new Map() }
    expect(of('g0', 'g6', graph)).toEqual({ relation: 'ancestor', generations: 6 })
    expect(of('g6', 'g0', graph)).toEqual({ relation: 'descendant', generations: 6 })
    expect(of('g0', `g${maxKinGenerations}`, graph)).toEqual({ relation: 'ancestor', generations: maxKinGenerations })
    expect(of('g0', `g${maxKinGenerations + 1}`, graph)).toBeNull()
  })

  it('answers at once in a tree of 100,000 people', () => {
    // 50,000 couples in one line of descent, each with a second child: a tall and wide tree.
    const parents = new Map<string, string[]>()
    const partners = new Map<string, { id: string; isMarried: boolean }[]>()
    for (let i = 0; i < 25_000; i += 1) {
      parents.set(`line${i}`, [`line${i + 1}`, `wife${i + 1}`])
      parents.set(`other${i}`, [`line${i + 1}`, `wife${i + 1}`])
      partners.set(`line${i}`, [{ id: `wife${i}`, isMarried: true }])
      partners.set(`wife${i}`, [{ id: `line${i}`, isMarried: true }])
    }
    const started = performance.now()
    expect(of('line0', 'other0', { parents, partners })).toEqual({ relation: 'sibling' })
    expect(of('line0', 'other24000', { parents, partners })).toBeNull()
    expect(of('line0', 'wife2', { parents, partners })).toEqual({ relation: 'ancestor', generations: 2 })
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe('kinshipWord', () => {
  const word = (kinship: Kinship, gender: string) => [kinshipWord(kinship, gender, 'es'), kinshipWord(kinship, gender, 'en'), kinshipWord(kinship, gender, 'fr')]

  it('says a line of descent by gender in each language', () => {
    expect(word({ relation: 'ancestor', generations: 3 }, 'Masculino')).toEqual(['bisabuelo', 'great-grandfather', 'arrière-grand-père'])
    expect(word({ relation: 'ancestor', generations: 2 }, 'Femenino')).toEqual(['abuela', 'grandmother', 'grand-mère'])
    expect(word({ relation: 'descendant', generations: 1 }, 'Femenino')).toEqual(['hija', 'daughter', 'fille'])
    expect(word({ relation: 'ancestor', generations: 6 }, 'Masculino')).toEqual(['antepasado de hace 6 generaciones', '4× great-grandfather', 'ancêtre à la 6e génération'])
    expect(word({ relation: 'descendant', generations: 5 }, 'Femenino')).toEqual(['descendiente a 5 generaciones', '3× great-granddaughter', 'descendante à la 5e génération'])
  })

  it('uses the either-form when the gender is not known', () => {
    expect(word({ relation: 'ancestor', generations: 1 }, '')).toEqual(['progenitor', 'parent', 'parent'])
    expect(word({ relation: 'ancestor', generations: 3 }, 'Otro')).toEqual(['bisabuelo/a', 'great-grandparent', 'arrière-grand-parent'])
    expect(word({ relation: 'cousin' }, '')).toEqual(['primo/a', 'cousin', 'cousin·e'])
    expect(word({ relation: 'uncle-aunt' }, '')).toEqual(['tío/a', 'parent’s sibling', 'oncle ou tante'])
  })

  it('words siblings, in-laws and partners', () => {
    expect(word({ relation: 'half-sibling' }, 'Femenino')).toEqual(['media hermana', 'half-sister', 'demi-sœur'])
    expect(word({ relation: 'sibling-in-law' }, 'Masculino')).toEqual(['cuñado', 'brother-in-law', 'beau-frère'])
    expect(word({ relation: 'child-in-law' }, 'Femenino')).toEqual(['nuera', 'daughter-in-law', 'belle-fille'])
    expect(word({ relation: 'spouse' }, 'Femenino')).toEqual(['esposa', 'wife', 'épouse'])
    expect(word({ relation: 'nephew-niece' }, 'Femenino')).toEqual(['sobrina', 'niece', 'nièce'])
  })
})
