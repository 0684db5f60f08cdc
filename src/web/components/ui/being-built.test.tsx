import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { BeingBuilt } from './being-built.tsx'

describe('BeingBuilt', () => {
  it('names the page, says it is coming and leads back to the dashboard', () => {
    renderWithProviders(<BeingBuilt title="Laboratorio de IA" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratorio de IA' })).toBeInTheDocument()
    expect(screen.getByText(/Muy pronto podrás usarla/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(document.title).toBe('Laboratorio de IA · Legado')
  })
})
