import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { LandingRoute } from './landing.tsx'
import { jsonResponse } from '../../test/http.ts'

function signedOutServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/auth/sign-up/email') return jsonResponse(200, { user: { id: 'u1' } })
    return jsonResponse(401, { error: { code: 'unauthenticated', message: 'No session' } })
  })
}

function renderLanding() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<LandingRoute />} />
      <Route path="/dashboard" element={<h1>Dashboard de prueba</h1>} />
    </Routes>,
  )
}

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

describe('LandingRoute', () => {
  it('welcomes the visitor with the tagline, the features and the reasons to use it', () => {
    signedOutServer()
    renderLanding()
    expect(screen.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Legado' })).toBeInTheDocument()
    expect(screen.getByText('Continúa tu historia y comienza un legado.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Comparte imágenes, videos y anécdotas' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Construye tu árbol familiar' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Registra tus sueños' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '¿Por qué usar Legado?' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login')
  })

  it("takes the visitor to the sign-up form with 'start my legacy'", async () => {
    signedOutServer()
    renderLanding()
    await userEvent.click(screen.getByRole('button', { name: 'Comenzar mi legado' }))
    expect(screen.getByRole('heading', { name: 'Crea tu cuenta' })).toHaveFocus()
  })

  it('switches the page to the chosen language', async () => {
    signedOutServer()
    renderLanding()
    await userEvent.selectOptions(screen.getByLabelText('Idioma'), 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Legado' })).toBeInTheDocument()
    expect(screen.getByLabelText('Language')).toHaveValue('en')
  })

  it('opens the dashboard once the account is created', async () => {
    signedOutServer()
    renderLanding()
    // The form's code loads on its own (it sits below the first screen): wait for it.
    await userEvent.type(await screen.findByLabelText('Nombre completo'), 'Rosa Martínez')
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'rosa@example.com')
    await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto')
    await userEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard de prueba' })).toBeInTheDocument()
  })
})
