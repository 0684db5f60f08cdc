import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { forgetSignedInData } from './session-queries.ts'

afterEach(() => localStorage.clear())

describe('signing out on a shared browser', () => {
  it('forgets the unfinished uploads tus-js-client kept, and nothing else', () => {
    localStorage.setItem('tus::fp-carta.txt::1', JSON.stringify({ uploadUrl: '/api/uploads/abc-def' }))
    localStorage.setItem('tus::fp-foto.png::2', JSON.stringify({ uploadUrl: '/api/uploads/123-456' }))
    localStorage.setItem('i18nextLng', 'es')
    forgetSignedInData(new QueryClient())
    expect(Object.keys(localStorage)).toEqual(['i18nextLng'])
  })
})
