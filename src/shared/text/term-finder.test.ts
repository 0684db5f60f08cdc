import { describe, expect, it } from 'vitest'
import { createTermFinder, firstWordOf, wordsOf } from './term-finder.ts'

describe('createTermFinder', () => {
  const find = createTermFinder([
    { key: 'pasto', text: 'Pasto', needsCapital: true },
    { key: 'pena', text: 'Peña', needsCapital: true },
    { key: 'san-juan', text: 'San Juan de Pasto', needsCapital: true },
    { key: 'aurora', text: 'Aurora Ordóñez' },
  ])

  it('finds terms of several words, case and accents aside', () => {
    expect(find('Nací en san juan de PASTO y volví a Pasto.')).toEqual(new Set(['pasto']))
    expect(find('Nací en San Juan de Pasto.')).toEqual(new Set(['san-juan', 'pasto']))
    expect(find('Con aurora ordonez.')).toEqual(new Set(['aurora']))
  })

  it('takes «Peña» written without its tilde, but not the word «pena» in lower case', () => {
    expect(find('Vivimos en PENA y luego en Pena.')).toEqual(new Set(['pena']))
    expect(find('Me dio mucha pena dejar el pasto verde.')).toEqual(new Set())
  })

  it('matches whole words only', () => {
    expect(find('Los Pastores de Peñalolén.')).toEqual(new Set())
  })
})

describe('firstWordOf', () => {
  it('is the first of the words a term is read as, folded, past any leading punctuation', () => {
    for (const text of ['«Ipiales», Nariño', 'Ñuñoa', '  San José de Pasto', '1962 en Quito']) expect(firstWordOf(text)).toBe(wordsOf(text)[0]?.folded)
    expect(firstWordOf('«Ipiales», Nariño')).toBe('ipiales')
    expect(firstWordOf('— ?')).toBe('')
  })
})
