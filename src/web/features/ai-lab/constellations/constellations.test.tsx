import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Constellation } from '../../../../shared/contracts/constellations.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { fakeAiLabApi } from '../test/fake-ai-lab-api.ts'
import { Constellations } from './constellations.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Aurora and Pasto, each in two memories told in 1962, as the server answers. */
const auroraAndPasto: Constellation = {
  stars: [
    { id: 'person:m1', kind: 'person', label: 'Aurora Ordóñez', mentionKeys: ['memory:e1', 'memory:e2', 'dream:d1'] },
    { id: 'place:pasto', kind: 'place', label: 'Pasto', mentionKeys: ['memory:e2', 'dream:d1'] },
  ],
  links: [{ source: 'person:m1', target: 'place:pasto', weight: 2 }],
  mentions: [
    { key: 'memory:e1', kind: 'memory', title: 'El río', date: '2025-04-02', path: '/my-story' },
    { key: 'memory:e2', kind: 'memory', title: 'La plaza de Pasto', date: '2025-04-03', path: '/my-story' },
    { key: 'dream:d1', kind: 'dream', title: 'Volver', date: '2024-03-05', path: '/my-dreams' },
  ],
  toldCount: 4,
}

function renderSky(sky: Constellation) {
  fakeAiLabApi({ constellation: sky })
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route path="/ai-lab" element={<Constellations />} />
      <Route path="/my-dreams" element={<h1>Diario de prueba</h1>} />
    </Routes>,
    { route: '/ai-lab?tab=constellations' },
  )
  return { user }
}

const sky = () => screen.findByRole('group', { name: 'Cielo de tus recuerdos' })
const chosenHeading = () => screen.getByRole('heading', { level: 3, name: /\((persona|lugar)\)$/ })

describe('Constellations', () => {
  it('lets the keyboard go from star to star with the arrows and choose one with Enter', async () => {
    const { user } = renderSky(auroraAndPasto)
    const stars = within(await sky()).getAllByRole('button')
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual(['Aurora Ordóñez, persona, aparece 3 veces', 'Pasto, lugar, aparece 2 veces'])
    // One star at a time is in the tab order: the largest, first.
    expect(stars.map((star) => star.tabIndex)).toEqual([0, -1])

    await user.tab()
    expect(document.activeElement).toBe(stars[0])
    // Pasto lies somewhere around Aurora: one of the arrows leads there.
    for (const key of ['{ArrowRight}', '{ArrowLeft}', '{ArrowDown}', '{ArrowUp}']) {
      if (document.activeElement === stars[1]) break
      await user.keyboard(key)
    }
    expect(document.activeElement).toBe(stars[1])
    expect(stars.map((star) => star.tabIndex)).toEqual([-1, 0])

    await user.keyboard('{Enter}')
    expect(chosenHeading()).toHaveTextContent('Pasto (lugar)')
    expect(chosenHeading()).toHaveFocus()
    expect(stars[1]).toHaveAttribute('aria-pressed', 'true')
  })

  it('chooses a star from the list beside the sky and opens what mentions it', async () => {
    const { user } = renderSky(auroraAndPasto)
    const list = await screen.findByRole('navigation', { name: 'Todas las estrellas' })
    expect(within(list).getByRole('heading', { name: 'Personas' })).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: 'Pasto 2 veces' }))

    expect(chosenHeading()).toHaveTextContent('Pasto (lugar)')
    expect(screen.getByText('Aparece en 2 cosas que contaste:')).toBeInTheDocument()
    const mentions = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])
    expect(mentions).toEqual([
      ['La plaza de Pasto', '/my-story'],
      ['Volver', '/my-dreams'],
    ])
    await user.click(screen.getByRole('link', { name: 'Volver' }))
    expect(await screen.findByRole('heading', { name: 'Diario de prueba' })).toBeInTheDocument()
  })

  it('invites to tell a memory while nothing recurs yet', async () => {
    renderSky({ stars: [], links: [], mentions: [], toldCount: 1 })
    expect(await screen.findByText(/Aún no hay nada que se repita/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cuenta un recuerdo' })).toHaveAttribute('href', '/my-biography')
    expect(screen.queryByRole('group', { name: 'Cielo de tus recuerdos' })).not.toBeInTheDocument()
  })
})
