import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TreeSummary } from '../../../../shared/contracts/family-circle.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { familyNewsKeys, useFamilyNews, useSharesATree } from '../api/family-news-queries.ts'
import { buildNewsItem, fakeDashboardApi } from '../test/fake-dashboard-api.ts'
import { FamilyNews } from './family-news.tsx'

/** The card as the dashboard composes it. */
function Card() {
  return <FamilyNews news={useFamilyNews().data} sharesATree={useSharesATree().data === true} />
}

const card = () => screen.findByRole('region', { name: 'Novedades de la familia' })

afterEach(() => vi.restoreAllMocks())

describe('FamilyNews', () => {
  it('says who added what about whom, newest first, with the date, and leads to each place', async () => {
    fakeDashboardApi({
      items: [
        buildNewsItem({ kind: 'recording', id: 'rec-1', mediaId: 'media-voice', contentType: 'audio/webm', title: '' }),
        buildNewsItem({ kind: 'interview', id: 'int-1', title: 'Hacía sombreros de paja toquilla.' }),
        buildNewsItem({ kind: 'photo', id: 'photo-1', mediaId: 'media-photo', contentType: 'image/jpeg', title: '' }),
        buildNewsItem({ kind: 'member', id: 'm-marta', memberId: 'm-marta', memberName: 'Marta García', authorName: 'Lucía Gil', title: 'Marta García' }),
        buildNewsItem({ kind: 'memory', id: 'mem-1', memberId: null, memberName: null, title: 'La boda de los abuelos' }),
      ],
    })
    renderWithProviders(<Card />)
    const items = within(await card()).getAllByRole('listitem')

    expect(items.map((item) => item.querySelector('p')!.firstChild!.textContent!.trim())).toEqual([
      'Tomás Pérez grabó su voz sobre Joaquín Pérez',
      'Tomás Pérez contó una historia de Joaquín Pérez: «Hacía sombreros de paja toquilla.»',
      'Tomás Pérez añadió una foto de Joaquín Pérez',
      'Lucía Gil añadió a Marta García al árbol',
      'Tomás Pérez compartió un recuerdo: «La boda de los abuelos»',
    ])
    expect(items[0]!.querySelector('time')).toHaveTextContent('20 de noviembre de 2026')

    const player = within(items[0]!).getByLabelText('Escuchar la grabación de Tomás Pérez sobre Joaquín Pérez')
    expect(player.tagName).toBe('AUDIO')
    expect(player).toHaveAttribute('controls')
    expect(player).toHaveAttribute('src', '/api/media/media-voice/content')
    // What was said is written down there.
    expect(within(items[0]!).getByRole('link', { name: 'Leer las entrevistas sobre Joaquín Pérez' })).toHaveAttribute('href', '/interview/m-joaquin')
    expect(within(items[1]!).getByRole('link', { name: 'Leer las entrevistas sobre Joaquín Pérez' })).toHaveAttribute('href', '/interview/m-joaquin')
    const photo = within(items[2]!).getByRole('img', { name: 'Foto de Joaquín Pérez que añadió Tomás Pérez' })
    expect(photo).toHaveAttribute('src', '/api/media/media-photo/thumbnail')
    expect(photo.closest('a')).toHaveAttribute('href', '/family-tree?member=m-joaquin')
    expect(within(items[3]!).getByRole('link', { name: 'Ver la ficha de Marta García' })).toHaveAttribute('href', '/family-tree?member=m-marta')
    // A memory about nobody in particular has no place to go.
    expect(within(items[4]!).queryByRole('link')).not.toBeInTheDocument()
  })

  it('leads a memory about a relative to their story', async () => {
    fakeDashboardApi({ items: [buildNewsItem({ kind: 'memory', title: 'El tiple de las fiestas' })] })
    renderWithProviders(<Card />)
    expect(within(await card()).getByRole('link', { name: 'Leer la historia de Joaquín Pérez' })).toHaveAttribute('href', '/story/m-joaquin')
  })

  it('marks everything up to the newest as seen, and then says there is nothing new, without going away', async () => {
    const newest = buildNewsItem({ kind: 'interview' })
    const api = fakeDashboardApi({ items: [newest, buildNewsItem({ kind: 'member', memberId: 'm-marta', memberName: 'Marta García' })] })
    renderWithProviders(<Card />)
    await userEvent.click(within(await card()).getByRole('button', { name: 'Ya lo he visto' }))

    expect(await within(await card()).findByText('No hay novedades desde tu última visita.')).toBeInTheDocument()
    expect(api.requestsTo('POST', '/api/dashboard/family-news/seen').map((request) => request.body)).toEqual([{ until: newest.at }])
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument()
  })

  it('says what went wrong when the news cannot be marked seen, and keeps it', async () => {
    const api = fakeDashboardApi({ items: [buildNewsItem()] })
    api.answerNext('POST', '/api/dashboard/family-news/seen', () => new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 }))
    renderWithProviders(<Card />)
    await userEvent.click(within(await card()).getByRole('button', { name: 'Ya lo he visto' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos guardar que ya lo has visto.')
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })

  it('stays away for someone alone in their tree with nothing new', async () => {
    fakeDashboardApi()
    const { queryClient } = renderWithProviders(<Card />)
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(familyNewsKeys.shared)).toBe(false)
      expect(queryClient.getQueryData(familyNewsKeys.news)).toEqual({ since: null, items: [] })
    })
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('shows to someone whose tree others belong to, even with nothing new yet', async () => {
    fakeDashboardApi({ relatives: ['Tomás Pérez'] })
    renderWithProviders(<Card />)
    expect(await card()).toHaveTextContent('Cuando alguien de tu familia añada algo al árbol, lo verás aquí.')
  })

  it('shows to someone who belongs to another person’s tree, without asking who else is in it', async () => {
    const lucias: TreeSummary = { treeId: 't-lucia', treeName: 'Árbol de Lucía', role: 'viewer', ownerName: 'Lucía Gil', isActive: true, isOwn: false }
    const api = fakeDashboardApi({ trees: [lucias], since: '2026-11-01T00:00:00.000Z' })
    renderWithProviders(<Card />)
    expect(await card()).toHaveTextContent('No hay novedades desde tu última visita.')
    expect(api.requests.some((request) => request.path.endsWith('/circle'))).toBe(false)
  })
})
