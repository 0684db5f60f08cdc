import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OnThisDay as Day } from '../../../../shared/contracts/timeline.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { localToday } from '../api/on-this-day-queries.ts'
import { OnThisDay } from './on-this-day.tsx'

const aurora = { memberId: 'm-aurora', firstName: 'Aurora', lastName: 'Gómez' }

describe('OnThisDay', () => {
  it('tells this day’s memories by the years since, and the coming birthdays of the living and the remembered', async () => {
    const day: Day = {
      today: '2026-12-27',
      memories: [{ kind: 'memory', id: 'e1', title: 'El día que nació mi hermano.', date: '2014-12-27', yearsAgo: 12 }],
      coming: [
        { kind: 'birthday', person: { memberId: 'm-lucia', firstName: 'Lucía', lastName: 'Pérez' }, partner: null, date: '2026-12-28', inDays: 1, years: 37, isLiving: true },
        { kind: 'birthday', person: aurora, partner: null, date: '2026-12-31', inDays: 4, years: 95, isLiving: false },
      ],
    }
    renderWithProviders(<OnThisDay day={day} />)
    const card = await screen.findByRole('region', { name: 'Tal día como hoy' })
    const lines = within(card)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')!.textContent)
    expect(lines).toEqual(['Hace 12 años: El día que nació mi hermano.', 'Lucía Pérez cumple 37 mañana', 'Aurora Gómez habría cumplido 95 el jueves, 31 de diciembre'])
    expect(within(card).getByRole('link', { name: 'La vida de Aurora' })).toHaveAttribute('href', '/timeline/m-aurora')
  })

  it('is calm when the day has nothing', async () => {
    renderWithProviders(<OnThisDay day={{ today: '2026-05-17', memories: [], coming: [] }} />)
    expect(await screen.findByText(/Hoy no hay recuerdos de otros años/)).toBeInTheDocument()
    expect(screen.queryByRole('listitem')).toBeNull()
  })

  it('asks for the reader’s own calendar day, not the UTC one', () => {
    expect(localToday(new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31')
  })
})
