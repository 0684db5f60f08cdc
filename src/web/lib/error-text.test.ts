import i18n from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { errorText } from './error-text.ts'

afterEach(() => i18n.changeLanguage('es'))

describe('the text of a refused size', () => {
  const refused = (maxBytes?: number) => new ApiError(413, 'payload_too_large', 'too large', [], maxBytes)

  it('names the limit of the route that refused: a photo, a GEDCOM file, an archive', () => {
    expect(errorText(i18n.t, refused(5 * 1024 * 1024))).toBe('El archivo es demasiado grande. El tamaño máximo es de 5 MB.')
    expect(errorText(i18n.t, refused(100 * 1024 * 1024))).toBe('El archivo es demasiado grande. El tamaño máximo es de 100 MB.')
    expect(errorText(i18n.t, refused(4294967295))).toBe('El archivo es demasiado grande. El tamaño máximo es de 4 GB.')
  })

  it('in the reader’s language and units, and without a number when the server gave none', async () => {
    await i18n.changeLanguage('fr')
    expect(errorText(i18n.t, refused(1.5 * 1024 * 1024))).toBe('Le fichier est trop volumineux. La taille maximale est de 1,5 Mo.')
    await i18n.changeLanguage('en')
    expect(errorText(i18n.t, refused())).toBe('The file is too large.')
  })
})
