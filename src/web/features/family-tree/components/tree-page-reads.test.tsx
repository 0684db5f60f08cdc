import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferred } from '../../../test/http.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { FamilyChartBody } from '../chart/family-chart-section.tsx'
import { buildMember, fakeFamilyApi } from '../test/fake-family-api.ts'
import { rosasFamily } from '../test/family.ts'
import { FamilyTreeManager } from './family-tree-manager.tsx'

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * Rosa's family and 230 people of no relation to her: more than one read of members holds, so the
 * page reads the view around Rosa, the index of names, and the list's cards a page at a time.
 */
function largeTree() {
  const family = rosasFamily()
  const others = Array.from({ length: 230 }, (_, i) => buildMember({ firstName: `Persona${String(i).padStart(3, '0')}`, lastName: 'Zapata', relationshipToOwner: '' }))
  const api = fakeFamilyApi([...family.members, ...others])
  return { ...family, others, api }
}

type Api = ReturnType<typeof largeTree>['api']

/** The reads made, as paths, from the `from`th request on. */
const readsOf = (api: Api, from = 0) =>
  api.requests
    .slice(from)
    .filter((request) => request.method === 'GET')
    .map((request) => request.path)
/** The ids each `members?ids=` read asked for. */
const memberReads = (api: Api) => readsOf(api).flatMap((path) => (path.startsWith('/api/family-tree/members?') ? [decodeURIComponent(path.split('ids=')[1]!).split(',')] : []))

async function renderPage() {
  const user = userEvent.setup()
  renderWithProviders(<FamilyTreeManager renderChart={(members, hooks) => <FamilyChartBody members={members} hooks={hooks} />} />)
  await screen.findByRole('group', { name: 'Árbol familiar de Rosa Díaz' })
  const list = await screen.findByRole('list', { name: 'Las personas de tu árbol' })
  await within(list).findByRole('article', { name: 'Rosa Díaz' })
  return { user, list }
}

const chart = () => screen.getByRole('group', { name: /^Árbol familiar de / })

describe('what the tree page reads', () => {
  it('reads the view around the reader, then the index, then the list’s cards a hundred at a time, never the whole tree', async () => {
    const { api, others } = largeTree()
    const { user, list } = await renderPage()

    const reads = readsOf(api)
    expect(reads[0]).toBe('/api/family-tree/view?generations=3')
    expect(reads).toContain('/api/family-tree/index')
    expect(reads).not.toContain('/api/family-tree')
    // The chart draws Rosa's mother and husband, not the 230 others.
    expect(within(chart()).queryAllByRole('button', { name: /Zapata/ })).toEqual([])
    expect(memberReads(api)).toEqual([expect.any(Array)])
    expect(memberReads(api)[0]).toHaveLength(100)

    await waitFor(() => expect(list.querySelectorAll('article')).toHaveLength(100), { timeout: 10_000 })
    await user.click(screen.getByRole('button', { name: 'Mostrar 100 personas más' }))
    await waitFor(() => expect(list.querySelectorAll('article')).toHaveLength(200), { timeout: 10_000 })
    // The second page is read alone: the first is not read again.
    expect(memberReads(api)).toHaveLength(2)
    expect(memberReads(api)[1]).toEqual(others.slice(97, 197).map((member) => member.memberId))
    expect(readsOf(api)).not.toContain('/api/family-tree')
  }, 30_000)

  it('finds anyone through the index and reads only the cards it shows', async () => {
    const { api, others } = largeTree()
    const { user } = await renderPage()
    const before = memberReads(api).length

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre' }), 'persona229')
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Las personas de tu árbol' }))
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Persona229 Zapata']),
    )
    expect(memberReads(api).slice(before)).toEqual([[others[229]!.memberId]])
  })

  it('puts a save in the chart and the list from its answer, without reading anything again', async () => {
    const { api } = largeTree()
    const { user } = await renderPage()
    const saved = api.requests.length

    await user.click(screen.getByRole('button', { name: 'Editar a Carmen López' }))
    const form = await screen.findByRole('form', { name: 'Editar a Carmen López' }, { timeout: 10_000 })
    const firstName = within(form).getByRole('textbox', { name: 'Nombre' })
    await user.clear(firstName)
    await user.type(firstName, 'Carmela')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByRole('article', { name: 'Carmela López' })).toBeInTheDocument()
    await waitFor(() => expect(within(chart()).getByRole('button', { name: /^Carmela López/ })).toBeInTheDocument())
    expect(api.requests.slice(saved).map((request) => request.method)).toEqual(['PATCH'])
  }, 30_000)

  it('adds a new person to the index in their sorted place, and takes a deleted one out, without reading again', async () => {
    const { api } = largeTree()
    const { user, list } = await renderPage()
    const saved = api.requests.length

    await user.click(screen.getByRole('button', { name: 'Eliminar a Luis Martín' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(within(list).queryByRole('article', { name: 'Luis Martín' })).not.toBeInTheDocument(), { timeout: 10_000 })
    await waitFor(() => expect(within(chart()).queryByRole('button', { name: /^Luis Martín/ })).not.toBeInTheDocument())
    expect(api.requests.slice(saved).filter((request) => request.method !== 'GET')).toHaveLength(1)
    // The person who moves up into the first hundred is read; nobody is read twice.
    const everyIdRead = memberReads(api).flat()
    expect(new Set(everyIdRead).size).toBe(everyIdRead.length)

    await user.click(screen.getByRole('button', { name: 'Añadir persona' }))
    const form = await screen.findByRole('form', { name: 'Añadir persona' }, { timeout: 10_000 })
    await user.type(within(form).getByRole('textbox', { name: 'Nombre' }), 'Eva')
    await user.type(within(form).getByRole('textbox', { name: 'Apellido' }), 'Mora')
    await user.type(within(form).getByRole('textbox', { name: /^Relación contigo/ }), 'Prima')
    await user.click(within(form).getByRole('button', { name: 'Guardar persona' }))
    await screen.findByText('Eva Mora ya forma parte de tu árbol.')
    // Díaz, López, Mora: Eva comes third, before the Zapatas, with no read of the index.
    await waitFor(
      () =>
        expect(
          within(list)
            .getAllByRole('heading', { level: 3 })
            .slice(0, 3)
            .map((heading) => heading.textContent),
        ).toEqual(['Rosa Díaz', 'Carmen López', 'Eva Mora']),
      { timeout: 10_000 },
    )
    expect(readsOf(api, saved).filter((path) => !path.startsWith('/api/family-tree/members?'))).toEqual([])
    // Eva came with the save's answer: her card is not read.
    const eva = api.tree().members.find((member) => member.firstName === 'Eva')!
    expect(memberReads(api).flat()).not.toContain(eva.memberId)
  }, 30_000)

  it('re-centres by reading the view around the person chosen, keeping the one shown until it comes', async () => {
    const { api, carmen } = largeTree()
    const { user } = await renderPage()
    const held = deferred<Response>()
    const path = `/api/family-tree/view?centre=${carmen.memberId}&generations=3`
    api.answerNext('GET', path, () => held.promise)

    await user.click(within(chart()).getByRole('button', { name: /^Carmen López/ }))
    const opened = screen.getByRole('region', { name: 'La ficha de Carmen López, abierta desde el árbol' })
    await user.click(within(opened).getByRole('button', { name: 'Centrar aquí a Carmen López' }))
    await waitFor(() => expect(readsOf(api)).toContain(path))
    expect(chart()).toHaveAccessibleName('Árbol familiar de Rosa Díaz')

    // The fake's own answer, asked again now that the held one has been taken.
    held.resolve(await fetch(path))
    await waitFor(() => expect(chart()).toHaveAccessibleName('Árbol familiar de Carmen López'))
  })
})
