import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { treeViewLimits } from '../../../../shared/family-tree/tree-view-limits.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { useNearestPeople } from '../../family-tree/api/family-tree-queries.ts'
import { useReaderView } from '../../family-tree/lib/reader-kinship.ts'
import { buildMember, treeKeptByRosa } from '../../family-tree/test/fake-family-api.ts'
import { memberMediaQuery } from '../../media/api/media-queries.ts'
import { buildAsset } from '../../media/test/media-fixtures.ts'
import { MemoryGame } from './memory-game.tsx'
import { errorResponse, fakeGameApi, keepOrder } from './test/fake-game-api.ts'

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('es')
})

/** Carmen, Luis and Pedro, without photos; under `keepOrder` the cards lie pair by pair. */
function threeRelatives(): Member[] {
  return [
    buildMember({ memberId: 'carmen', firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Madre' }),
    buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Martín', relationshipToOwner: 'Esposo' }),
    buildMember({ memberId: 'pedro', firstName: 'Pedro', lastName: 'Gil', relationshipToOwner: 'Hermano' }),
  ]
}

function relatives(count: number): Member[] {
  return Array.from({ length: count }, (_, index) => buildMember({ firstName: `Persona${index + 1}`, lastName: 'Díaz', relationshipToOwner: `Parentesco ${index + 1}` }))
}

/** The game as the AI-lab page composes it: the family tree's nearest people and the media feature's files. */
function GameOnPage({ random, playerId }: { random: () => number; playerId: string | undefined }) {
  const tree = useNearestPeople()
  return <MemoryGame tree={tree} player={useReaderView(tree.data, playerId)} mediaQuery={memberMediaQuery} random={random} />
}

function renderGame(random = keepOrder, playerId?: string) {
  const user = userEvent.setup()
  renderWithProviders(
    <Routes>
      <Route path="/ai-lab" element={<GameOnPage random={random} playerId={playerId} />} />
      <Route path="/family-tree" element={<h1>Árbol de prueba</h1>} />
    </Routes>,
    { route: '/ai-lab' },
  )
  return { user }
}

const cards = () => within(screen.getByRole('list', { name: 'Tarjetas' })).getAllByRole('button')
const card = (number: number) => cards()[number - 1]!
const message = () => screen.getByText((_, element) => element?.classList.contains('memory-message') ?? false)

describe('the memory game', () => {
  it('is played to the end with the keyboard alone, pairs staying face up, then dealt again', async () => {
    fakeGameApi(threeRelatives())
    const { user } = renderGame()
    expect(screen.getByRole('heading', { level: 2, name: 'Juego de memoria' })).toHaveAttribute('id', 'memory-game-title')
    expect(screen.getByRole('status')).toHaveTextContent('Cargando tu familia...')

    await screen.findByRole('heading', { name: '¿Cuántas parejas quieren buscar?' })
    await user.tab()
    expect(screen.getByRole('button', { name: 'Fácil 3 parejas' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: '¡A buscar 3 parejas!' })).toHaveFocus()
    expect(cards()).toHaveLength(6)
    expect(cards().every((button) => /^Tarjeta \d, tapada$/.test(button.getAttribute('aria-label') ?? ''))).toBe(true)

    await user.tab()
    expect(card(1)).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(card(1)).toHaveAccessibleName('Tarjeta 1: Carmen López')
    expect(message()).toHaveTextContent('Tarjeta destapada: Carmen López.')
    await user.tab()
    await user.keyboard(' ')
    expect(message()).toHaveTextContent('Madre. ¡Pareja encontrada: Carmen López! Llevan 1 de 3 parejas.')
    expect(message()).toHaveAttribute('aria-live', 'polite')
    expect(card(2)).toHaveFocus()
    expect(card(2)).toHaveAccessibleName('Tarjeta 2: Madre. Pareja encontrada')
    expect(card(2)).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByText('1 de 3 parejas')).toBeInTheDocument()
    expect(screen.getByText('Intentos: 1')).toBeInTheDocument()

    // A matched card stays up when chosen again.
    await user.keyboard('{Enter}')
    expect(card(2)).toHaveAccessibleName('Tarjeta 2: Madre. Pareja encontrada')

    for (const number of [3, 4, 5, 6]) {
      await user.tab()
      expect(card(number)).toHaveFocus()
      await user.keyboard('{Enter}')
    }
    expect(card(1)).toHaveAccessibleName('Tarjeta 1: Carmen López. Pareja encontrada')
    expect(screen.getByRole('heading', { name: '¡Encontraron todas las parejas!' })).toHaveFocus()
    expect(screen.getByText('Lo lograron en 3 intentos. ¡Qué buena memoria tiene esta familia!')).toBeInTheDocument()
    expect(screen.getByText('3 de 3 parejas')).toBeInTheDocument()

    await user.tab()
    expect(screen.getByRole('button', { name: 'Jugar otra vez' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: '¡A buscar 3 parejas!' })).toHaveFocus()
    expect(cards().map((button) => button.getAttribute('aria-label'))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Tarjeta ${n}, tapada`))
    expect(screen.getByText('0 de 3 parejas')).toBeInTheDocument()
    expect(screen.getByText('Intentos: 0')).toBeInTheDocument()
  })

  it('leaves two cards that are not a pair face up until the next card is chosen, without any wording of failure', async () => {
    fakeGameApi(threeRelatives())
    const { user } = renderGame()
    await user.click(await screen.findByRole('button', { name: 'Fácil 3 parejas' }))

    // The two cards are turned on a fake clock, so any timer set to turn them back would be there
    // to run. fireEvent, not user-event: the latter waits on timers of its own between steps.
    vi.useFakeTimers()
    try {
      fireEvent.click(card(1))
      fireEvent.click(card(4))
      expect(card(1)).toHaveAccessibleName('Tarjeta 1: Carmen López')
      expect(card(4)).toHaveAccessibleName('Tarjeta 4: Esposo')
      expect(message()).toHaveTextContent('Esposo. No es pareja de Carmen López. Fíjense bien dónde están; cuando quieran, elijan otra tarjeta o pulsen «Continuar».')
      expect(screen.getByText('Intentos: 1')).toBeInTheDocument()
      expect(screen.getByText('0 de 3 parejas')).toBeInTheDocument()
      expect(document.body).not.toHaveTextContent(/incorrect|error|fall/i)

      // No timer turns them back, however long they stay up: only the next choice does.
      act(() => vi.advanceTimersByTime(60 * 60 * 1000))
      expect(card(1)).toHaveAccessibleName('Tarjeta 1: Carmen López')
      expect(card(4)).toHaveAccessibleName('Tarjeta 4: Esposo')
    } finally {
      vi.useRealTimers()
    }
    await user.click(card(3))
    expect(card(1)).toHaveAccessibleName('Tarjeta 1, tapada')
    expect(card(4)).toHaveAccessibleName('Tarjeta 4, tapada')
    expect(card(3)).toHaveAccessibleName('Tarjeta 3: Luis Martín')
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument()
  })

  it('turns a pair that did not match face down with "Continuar", focus going back to the last card', async () => {
    fakeGameApi(threeRelatives())
    const { user } = renderGame()
    await user.click(await screen.findByRole('button', { name: 'Fácil 3 parejas' }))

    await user.click(card(3))
    await user.click(card(6))
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    expect(card(3)).toHaveAccessibleName('Tarjeta 3, tapada')
    expect(card(6)).toHaveAccessibleName('Tarjeta 6, tapada')
    expect(card(6)).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument()
  })

  it('moves between the cards with the arrow keys, Home and End', async () => {
    fakeGameApi(threeRelatives())
    const { user } = renderGame()
    await user.click(await screen.findByRole('button', { name: 'Fácil 3 parejas' }))

    card(1).focus()
    await user.keyboard('{ArrowRight}')
    expect(card(2)).toHaveFocus()
    await user.keyboard('{End}')
    expect(card(6)).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(card(5)).toHaveFocus()
    await user.keyboard('{Home}')
    expect(card(1)).toHaveFocus()
  })

  it('deals as many cards as the level chosen, and explains a level the tree is too small for', async () => {
    fakeGameApi(relatives(7))
    const { user } = renderGame()

    const hard = await screen.findByRole('button', { name: 'Difícil 8 parejas' })
    expect(hard).toHaveAttribute('aria-disabled', 'true')
    expect(hard).toHaveAccessibleDescription('Para este nivel hacen falta 8 personas en tu árbol; ahora hay 7.')
    await user.click(hard)
    expect(screen.queryByRole('list', { name: 'Tarjetas' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Fácil 3 parejas' }))
    expect(cards()).toHaveLength(6)

    await user.click(screen.getByRole('button', { name: 'Cambiar de nivel' }))
    expect(screen.getByRole('heading', { name: '¿Cuántas parejas quieren buscar?' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Medio 6 parejas' }))
    expect(cards()).toHaveLength(12)
    expect(screen.getByText('0 de 6 parejas')).toBeInTheDocument()
  })

  /** Rosa (the keeper's own card), her four children, and `strangers` people linked to nobody. */
  function rosaWithChildrenAnd(strangers: number): Member[] {
    const children = ['ana', 'beto', 'ceci', 'dani'].map((id) => buildMember({ memberId: id, firstName: id, relationshipToOwner: 'Hija', parentMemberIds: ['rosa'] }))
    const rosa = buildMember({ memberId: 'rosa', firstName: 'Rosa', isSelf: true, relationshipToOwner: 'Yo', childrenMemberIds: children.map((child) => child.memberId) })
    return [rosa, ...children, ...relatives(strangers)]
  }

  it('plays with the relatives around the player in a tree too large to read whole, never downloading it', async () => {
    // 1,605 people: past what a view holds, so the game keeps to the view around Rosa.
    const api = fakeGameApi(rosaWithChildrenAnd(1600))
    renderGame()

    const medium = await screen.findByRole('button', { name: 'Medio 6 parejas' })
    expect(medium).toHaveAccessibleDescription('Para este nivel hacen falta 6 personas en tu árbol; ahora hay 5.')
    expect(screen.getByRole('button', { name: 'Fácil 3 parejas' })).not.toHaveAttribute('aria-disabled', 'true')
    expect(api.readWhole()).toBe(false)
  })

  it('reads a small tree whole when the view leaves out people linked to nobody', async () => {
    const api = fakeGameApi(rosaWithChildrenAnd(3))
    renderGame()

    expect(await screen.findByRole('button', { name: 'Difícil 8 parejas' })).not.toHaveAttribute('aria-disabled', 'true')
    expect(api.readWhole()).toBe(true)
  })

  it('reads nothing more when the view holds the whole tree', async () => {
    const api = fakeGameApi(rosaWithChildrenAnd(0))
    renderGame()

    expect(await screen.findByRole('button', { name: 'Medio 6 parejas' })).toHaveAccessibleDescription('Para este nivel hacen falta 6 personas en tu árbol; ahora hay 5.')
    expect(api.readWhole()).toBe(false)
  })

  it('says when the people around the player cannot be read, and tries again on request', async () => {
    const api = fakeGameApi(threeRelatives())
    api.answerNext(`/api/family-tree/view?generations=${treeViewLimits.maxGenerations}`, () => errorResponse(503, 'upstream_failed'))
    const { user } = renderGame()

    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tu árbol familiar.')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('button', { name: 'Fácil 3 parejas' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('explains how to add relatives, with a link to the tree, when fewer than three can play', async () => {
    const unknown = buildMember({ firstName: 'Sin', lastName: 'Parentesco', relationshipToOwner: '' })
    fakeGameApi([...threeRelatives().slice(0, 2), unknown])
    const { user } = renderGame()

    expect(await screen.findByRole('heading', { name: 'Faltan personas para jugar' })).toBeInTheDocument()
    expect(screen.getByText(/cada una con una foto o con su parentesco/)).toHaveTextContent(/Por ahora hay 2\.$/)
    expect(screen.queryByRole('button', { name: /Fácil/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ir a mi árbol familiar' }))
    expect(screen.getByRole('heading', { name: 'Árbol de prueba' })).toBeInTheDocument()
  })

  it('shows a photo with the name in its alt text, asking for photos only of the people dealt', async () => {
    const rosa = buildMember({ memberId: 'rosa', firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Yo mismo/a', isSelf: true, mediaAssetIds: ['m-audio', 'm-photo'] })
    const carmen = buildMember({ memberId: 'carmen', firstName: 'Carmen', lastName: 'López', relationshipToOwner: 'Madre', mediaAssetIds: ['m-doc'] })
    const luis = buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Martín', relationshipToOwner: 'Esposo' })
    const ana = buildMember({ memberId: 'ana', firstName: 'Ana', lastName: 'Ruiz', relationshipToOwner: 'Hija', mediaAssetIds: ['m-ana'] })
    const api = fakeGameApi([rosa, carmen, luis, ana], {
      rosa: [
        buildAsset({ id: 'm-audio', contentType: 'audio/webm', thumbnailURL: null }),
        buildAsset({ id: 'm-photo', contentType: 'image/jpeg', thumbnailURL: '/api/media/m-photo/thumbnail' }),
      ],
      carmen: [buildAsset({ id: 'm-doc', contentType: 'application/pdf', thumbnailURL: null })],
    })
    const { user } = renderGame()

    await user.click(await screen.findByRole('button', { name: 'Fácil 3 parejas' }))
    await screen.findByRole('list', { name: 'Tarjetas' })
    expect(api.mediaRequests()).toEqual(['rosa', 'carmen'])

    await user.click(card(1))
    const photo = within(card(1)).getByRole('img', { name: 'Foto de Rosa Díaz' })
    expect(photo).toHaveAttribute('src', '/api/media/m-photo/thumbnail')
    expect(card(1)).toHaveAccessibleName('Tarjeta 1: Foto de Rosa Díaz')
    await user.click(card(2))
    expect(message()).toHaveTextContent('Rosa Díaz. ¡Pareja encontrada: Rosa Díaz!')

    // Carmen's files hold no photo: her name goes with her relationship.
    await user.click(card(3))
    expect(card(3)).toHaveAccessibleName('Tarjeta 3: Carmen López')
    expect(within(card(3)).queryByRole('img')).not.toBeInTheDocument()
    await user.click(card(4))
    expect(card(4)).toHaveAccessibleName('Tarjeta 4: Madre. Pareja encontrada')
  })

  it('calls the player "Tú" when they have no photo', async () => {
    const rosa = buildMember({ firstName: 'Rosa', lastName: 'Díaz', relationshipToOwner: 'Yo mismo/a', isSelf: true })
    fakeGameApi([rosa, ...threeRelatives().slice(0, 2)])
    const { user } = renderGame()
    await user.click(await screen.findByRole('button', { name: 'Fácil 3 parejas' }))
    await user.click(card(2))
    expect(card(2)).toHaveAccessibleName('Tarjeta 2: Tú')
  })

  it('says when the tree cannot be loaded, with the reason, and tries again on request', async () => {
    const api = fakeGameApi(threeRelatives())
    api.answerNext('/api/family-tree', () => errorResponse(503, 'upstream_failed'))
    const { user } = renderGame()

    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tu árbol familiar. Un servicio externo no respondió. Inténtalo de nuevo en unos minutos.')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('button', { name: 'Fácil 3 parejas' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('speaks English too', async () => {
    await i18n.changeLanguage('en')
    fakeGameApi(threeRelatives())
    const { user } = renderGame()
    expect(screen.getByRole('heading', { level: 2, name: 'Memory game' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Easy 3 pairs' }))
    const [first] = within(screen.getByRole('list', { name: 'Cards' })).getAllByRole('button')
    expect(first).toHaveAccessibleName('Card 1, face down')
    expect(screen.getByText('Turns: 0')).toBeInTheDocument()
  })
})

describe('the memory game in a tree someone else keeps', () => {
  // Rosa keeps the tree (account u1, as the fake server says); Tomás, her grandson, is linked to his card (u2).
  const rosasTree = treeKeptByRosa

  /** Turns every card over, pair by pair (they lie in order), and says what each pair's answer card showed. */
  async function answersShown(playerId: string) {
    fakeGameApi(rosasTree())
    const { user } = renderGame(keepOrder, playerId)
    await user.click(await screen.findByRole('button', { name: 'Fácil 3 parejas' }))
    for (const number of [1, 2, 3, 4, 5, 6]) await user.click(card(number))
    return [2, 4, 6].map((number) => card(number).getAttribute('aria-label'))
  }

  it('asks the keeper about her own words, herself being «Tú», as before', async () => {
    expect(await answersShown('u1')).toEqual(['Tarjeta 2: Tú. Pareja encontrada', 'Tarjeta 4: Hijo. Pareja encontrada', 'Tarjeta 6: Nieto. Pareja encontrada'])
  })

  it('asks a linked grandson about his own kin: he is «Tú», the keeper his grandmother', async () => {
    expect(await answersShown('u2')).toEqual(['Tarjeta 2: Tu abuela. Pareja encontrada', 'Tarjeta 4: Tu padre. Pareja encontrada', 'Tarjeta 6: Tú. Pareja encontrada'])
  })

  it('has no «Tú» for a player linked to no card, and says the keeper’s words as hers', async () => {
    expect(await answersShown('u3')).toEqual([
      'Tarjeta 2: Quien guarda este árbol. Pareja encontrada',
      'Tarjeta 4: Hijo de Rosa Pérez, quien guarda el árbol. Pareja encontrada',
      'Tarjeta 6: Nieto de Rosa Pérez, quien guarda el árbol. Pareja encontrada',
    ])
  })
})
