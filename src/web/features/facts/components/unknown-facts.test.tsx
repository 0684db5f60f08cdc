import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeFactApi } from '../test/fake-fact-api.ts'
import { UnknownFacts } from './unknown-facts.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('what is not known yet', () => {
  it('names a few gaps about a relative in words, most wanted first', async () => {
    fakeFactApi({ unknown: ['birthPlace', 'birthDate', 'parent', 'occupation', 'childhood', 'nickname', 'residence'] })
    renderWithProviders(<UnknownFacts memberId="m-aurora" name="Aurora" subject="other" />)

    const aside = await screen.findByRole('complementary', { name: 'Lo que aún no sabemos de Aurora' })
    expect(
      within(aside)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dónde nació', 'Cuándo nació', 'Sus padres', 'A qué se dedicaba', 'Su infancia'])
  })

  it('asks the reader about their own life, never about their death', async () => {
    fakeFactApi({ unknown: ['deathDate', 'birthPlace', 'deathPlace', 'childhood'] })
    renderWithProviders(<UnknownFacts memberId="m-aurora" name="Rosa" subject="self" />)

    const aside = await screen.findByRole('complementary', { name: 'Lo que aún no has contado' })
    expect(
      within(aside)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dónde naciste', 'Tu infancia'])
  })

  it('says nothing when everything asked for is known', async () => {
    const api = fakeFactApi({ unknown: [] })
    renderWithProviders(<UnknownFacts memberId="m-aurora" name="Aurora" subject="other" />)
    await waitFor(() => expect(api.reads()).toHaveLength(1))
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })
})
