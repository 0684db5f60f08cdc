import i18n from 'i18next'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client.ts'
import { redirectTarget, signInErrorText, signUpErrorText } from './auth-errors.ts'

const t = i18n.getFixedT('es')

describe('signInErrorText', () => {
  it('answers wrong credentials with one message, whatever was wrong', () => {
    const error = new ApiError(401, 'auth.invalid_credentials', 'Invalid email or password')
    expect(signInErrorText(t, error)).toBe('Correo electrónico o contraseña incorrectos.')
  })

  it('names an invalid e-mail the server refused', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid', [{ path: 'email', code: 'validation.invalid_email' }])
    expect(signInErrorText(t, error)).toBe('El formato del correo electrónico no es válido.')
  })

  it('asks to wait after too many attempts', () => {
    expect(signInErrorText(t, new ApiError(429, 'rate_limited', 'Too many'))).toMatch(/Demasiados intentos/)
  })

  it('falls back to the generic login failure', () => {
    expect(signInErrorText(t, new ApiError(500, 'internal', 'Boom'))).toBe('Error al iniciar sesión. Inténtalo de nuevo más tarde.')
  })
})

describe('signUpErrorText', () => {
  it('explains an e-mail already registered in English as the spec words it', () => {
    const en = i18n.getFixedT('en')
    expect(signUpErrorText(en, new ApiError(409, 'auth.email_taken', 'Taken'))).toBe('This email address is already registered. Try logging in.')
  })

  it('shows the first field issue the server found', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid', [{ path: 'password', code: 'auth.password_too_common' }])
    expect(signUpErrorText(t, error)).toMatch(/demasiado común/)
  })

  it('falls back to the generic sign-up failure', () => {
    expect(signUpErrorText(i18n.getFixedT('en'), new Error('x'))).toBe('Error registering user. Please try again.')
  })
})

describe('redirectTarget', () => {
  it('returns to the page the guard protected', () => {
    expect(redirectTarget({ from: '/my-dreams?x=1' })).toBe('/my-dreams?x=1')
  })

  it('returns to an invitation after signing up or in from it', () => {
    expect(redirectTarget({ from: '/invitation/abc123' })).toBe('/invitation/abc123')
  })

  it.each([undefined, null, {}, { from: 'https://evil.example' }, { from: '//evil.example' }, { from: '/\\evil.example' }, { from: '/login' }, { from: '/signup' }])(
    'goes to the dashboard for %j',
    (state) => {
      expect(redirectTarget(state)).toBe('/dashboard')
    },
  )
})
