import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { buildProposal, buildSource, fakeFactApi } from '../test/fake-fact-api.ts'
import { FactSources } from './fact-sources.tsx'
import { HeardLines } from './heard-lines.tsx'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

const accepted = { status: 'accepted' as const, decidedAt: '2026-05-12T16:00:00.000Z' }

describe('where a card’s facts come from', () => {
  it('cites the interview, who told it and plays its recording, the words on demand', async () => {
    const source = buildSource({ recordingId: 'rec-1' })
    fakeFactApi({
      cited: [
        buildProposal({ ...accepted, kind: 'birthPlace', value: 'Pasto, Nariño', source }),
        buildProposal({ ...accepted, kind: 'birthDate', value: 'ABT 1931', source }),
        buildProposal({ ...accepted, kind: 'occupation', value: 'costurera', quote: 'Era costurera' }),
      ],
    })
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const user = userEvent.setup()
    renderWithProviders(<FactSources memberId="m-aurora" subjectName="Aurora" kinds={['birthDate', 'birthPlace']} readerUserId="u-rosa" enabled />)

    // One answer told both: one line.
    const line = await screen.findByText(/^Fuente: entrevista con Ana del 12 de mayo de 2026, contado por Lucía, su nieta/)
    expect(line).toHaveTextContent(/— escuchar.* · ver sus palabras$/)
    const quote = screen.getByText('Nació en Pasto, Nariño, hacia 1931')
    expect(quote).not.toBeVisible()

    const show = screen.getByRole('button', { name: 'Ver las palabras de la fuente: Nació en Pasto, Nariño, Nació hacia 1931' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    await user.click(show)
    expect(quote).toBeVisible()
    expect(screen.getByRole('button', { name: /^Ocultar las palabras/ })).toHaveAttribute('aria-expanded', 'true')

    const listen = screen.getByRole('button', { name: 'Escuchar la grabación de la fuente: Nació en Pasto, Nariño, Nació hacia 1931' })
    listen.focus()
    await user.keyboard('{Enter}')
    expect(play).toHaveBeenCalledTimes(1)
    expect(document.querySelector('audio')).toHaveAttribute('src', '/api/media/rec-1/content')
    expect(screen.queryByText(/costurera/)).not.toBeInTheDocument()
  })

  it('says «contado por ti» to whoever told it, and names a conversation with Cronos as theirs', async () => {
    fakeFactApi({
      cited: [
        buildProposal({ ...accepted, kind: 'birthPlace', source: buildSource({ tellerUserId: 'u-rosa' }) }),
        buildProposal({
          ...accepted,
          kind: 'occupation',
          value: 'maestra',
          quote: 'Fui maestra',
          source: buildSource({ kind: 'biography', id: 'entry-1', tellerUserId: 'u-rosa' }),
        }),
      ],
    })
    renderWithProviders(
      <>
        <FactSources memberId="m-aurora" subjectName="Aurora" kinds={['birthPlace']} readerUserId="u-rosa" enabled />
        <FactSources memberId="m-aurora" subjectName="Aurora" kinds={['occupation']} readerUserId="u-rosa" enabled />
      </>,
    )

    expect(await screen.findByText(/^Fuente: entrevista con Ana del 12 de mayo de 2026, contado por ti/)).toBeInTheDocument()
    expect(screen.getByText(/^Fuente: tu conversación con Cronos del 12 de mayo de 2026/)).toBeInTheDocument()
    // No recording, nothing to play.
    expect(screen.queryByRole('button', { name: /^Escuchar/ })).not.toBeInTheDocument()
  })

  it('in English, says whose kin the teller is, and asks in that language', async () => {
    await i18n.changeLanguage('en')
    const api = fakeFactApi({ cited: [buildProposal({ ...accepted, source: buildSource({ tellerKin: 'granddaughter' }) })] })
    renderWithProviders(<FactSources memberId="m-aurora" subjectName="Aurora" kinds={['birthPlace']} readerUserId="u-rosa" enabled />)

    expect(await screen.findByText(/^Source: interview with Ana on May 12, 2026, told by Lucía, Aurora’s granddaughter/)).toBeInTheDocument()
    expect(api.reads()[0]!.path).toBe('/api/facts?memberId=m-aurora&language=en')
  })

  it('asks nothing for a card nobody talked about', async () => {
    const api = fakeFactApi({ cited: [buildProposal({ ...accepted })] })
    renderWithProviders(<FactSources memberId="m-aurora" subjectName="Aurora" kinds={['birthPlace']} readerUserId="u-rosa" enabled={false} />)
    await waitFor(() => expect(api.reads()).toHaveLength(0))
    expect(screen.queryByText(/Fuente/)).not.toBeInTheDocument()
  })
})

describe('a card’s trade, homes and nickname', () => {
  it('are the accepted facts themselves, each with its source', async () => {
    fakeFactApi({
      cited: [
        buildProposal({ ...accepted, kind: 'occupation', value: 'costurera', quote: 'Era costurera' }),
        buildProposal({ ...accepted, kind: 'residence', value: 'Ipiales', quote: 'Vivió en Ipiales' }),
        buildProposal({
          ...accepted,
          kind: 'residence',
          value: 'Quito',
          quote: 'y luego en Quito',
          source: buildSource({ kind: 'biography', id: 'entry-1', tellerName: 'Lucía' }),
        }),
        buildProposal({ ...accepted, kind: 'birthPlace' }),
      ],
    })
    renderWithProviders(
      <dl>
        <HeardLines memberId="m-aurora" subjectName="Aurora" readerUserId="u-rosa" enabled />
      </dl>,
    )

    const terms = await screen.findAllByRole('term')
    expect(terms.map((term) => term.textContent)).toEqual(['Oficio', 'Vivió en'])
    const values = screen.getAllByRole('definition')
    expect(values).toHaveLength(3)
    expect(values[0]).toHaveTextContent(/^costurera ?Fuente: entrevista con Ana del 12 de mayo de 2026, contado por Lucía, su nieta/)
    expect(values[2]).toHaveTextContent(/^Quito ?Fuente: conversación de Lucía con Cronos del 12 de mayo de 2026/)
  })
})
