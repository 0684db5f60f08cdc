import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { InterviewHeader, type InterviewedPerson } from './interview-header.tsx'
import { asStoredDate } from '../../../../shared/genealogy-date/index.ts'

const carmen: InterviewedPerson = {
  firstName: 'Carmen',
  lastName: 'López',
  relationshipToOwner: 'Abuela materna',
  birthDate: asStoredDate('1931-05-04'),
  deathDate: asStoredDate('2019-11-20'),
  isDeceased: true,
}

function renderHeader(person: InterviewedPerson, photoURL?: string) {
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route path="/interview/m1" element={<InterviewHeader person={person} titleId="title" photoURL={photoURL} />} />
      <Route path="/family-tree" element={<h1>Árbol de prueba</h1>} />
    </Routes>,
    { route: '/interview/m1' },
  )
  return { user }
}

describe('InterviewHeader', () => {
  it('presents the relative: photo, name, relationship, dates and the mark of someone who has died', () => {
    renderHeader(carmen, '/api/media/p1/thumbnail')
    expect(screen.getByRole('heading', { level: 1, name: 'Entrevista sobre Carmen López' })).toHaveAttribute('id', 'title')
    expect(screen.getByRole('img', { name: 'Foto de Carmen López' })).toHaveAttribute('src', '/api/media/p1/thumbnail')
    expect(screen.getByText(/^Abuela materna/)).toHaveTextContent('Abuela materna, En memoria')
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Nacimiento', 'Fallecimiento'])
    expect(screen.getByText('4 de mayo de 1931')).toHaveAttribute('dateTime', '1931-05-04')
    expect(screen.getByText('20 de noviembre de 2019')).toHaveAttribute('dateTime', '2019-11-20')
    expect(screen.getByText(/^Ana te hará preguntas sobre Carmen\./)).toBeInTheDocument()
  })

  it('shows no photo, dates or mark it does not have', () => {
    renderHeader({ ...carmen, birthDate: null, deathDate: null, isDeceased: false })
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.queryByRole('term')).not.toBeInTheDocument()
    expect(screen.queryByText('En memoria')).not.toBeInTheDocument()
  })

  it('says when the day of death is unknown', () => {
    renderHeader({ ...carmen, deathDate: null })
    expect(screen.getByText('Fecha desconocida')).toBeInTheDocument()
  })

  it('names the relation to a reader who does not keep the tree, by the relative’s gender', () => {
    renderHeader({ ...carmen, gender: 'Femenino', relationToReader: { kinship: { relation: 'ancestor', generations: 3 }, keeperName: 'Rosa Pérez' } })
    expect(screen.getByText(/^Tu bisabuela/)).toHaveTextContent('Tu bisabuela, En memoria')
    expect(screen.queryByText(/Abuela materna/)).not.toBeInTheDocument()
  })

  it('says the keeper’s word as the keeper’s when the tree cannot tell how the reader is related', () => {
    renderHeader({ ...carmen, isDeceased: false, relationToReader: { kinship: null, keeperName: 'Rosa Pérez' } })
    expect(screen.getByText('Abuela materna de Rosa Pérez, quien guarda el árbol')).toBeInTheDocument()
    renderHeader({ ...carmen, isDeceased: false, isSelf: true, relationshipToOwner: 'Yo mismo/a', relationToReader: { kinship: null, keeperName: 'Rosa Pérez' } })
    expect(screen.getByText('Quien guarda este árbol')).toBeInTheDocument()
    expect(screen.queryByText(/Yo mismo/)).not.toBeInTheDocument()
  })

  it('leads back to the family tree', async () => {
    const { user } = renderHeader(carmen)
    await user.click(screen.getByRole('link', { name: /Volver al árbol familiar/ }))
    expect(screen.getByRole('heading', { name: 'Árbol de prueba' })).toBeInTheDocument()
  })
})
