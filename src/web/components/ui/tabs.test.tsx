import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Tabs } from './tabs.tsx'

const seasons = [
  { id: 'spring', label: 'Primavera' },
  { id: 'summer', label: 'Verano' },
  { id: 'autumn', label: 'Otoño' },
] as const
type Season = (typeof seasons)[number]['id']

/** Tabs as a page holds them: the selection in state, the panel saying which season it shows. */
function Seasons({ initial = 'spring', onSelect }: { initial?: Season; onSelect?: (id: Season) => void }) {
  const [selected, setSelected] = useState<Season>(initial)
  return (
    <Tabs
      label="Estaciones"
      tabs={seasons}
      selected={selected}
      onSelect={(id) => {
        onSelect?.(id)
        setSelected(id)
      }}
      idPrefix="seasons"
    >
      <p>Contenido de {selected}</p>
    </Tabs>
  )
}

function renderSeasons(props: Parameters<typeof Seasons>[0] = {}) {
  const user = userEvent.setup()
  render(<Seasons {...props} />)
  return { user }
}

const tab = (name: string) => screen.getByRole('tab', { name })
const selectedTab = () => screen.getByRole('tab', { selected: true })

describe('Tabs', () => {
  it('names the tab list and its tabs, marks the selected one and ties each tab to its panel', () => {
    renderSeasons({ initial: 'summer' })

    expect(screen.getByRole('tablist', { name: 'Estaciones' })).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(['Primavera', 'Verano', 'Otoño'])
    expect(tab('Verano')).toHaveAttribute('aria-selected', 'true')
    expect(tab('Primavera')).toHaveAttribute('aria-selected', 'false')
    expect(tab('Otoño')).toHaveAttribute('aria-selected', 'false')
    for (const { id, label } of seasons) expect(tab(label)).toHaveAttribute('aria-controls', `seasons-panel-${id}`)

    // Only the selected panel is there, named by its tab.
    const panel = screen.getByRole('tabpanel', { name: 'Verano' })
    expect(panel).toHaveAttribute('id', 'seasons-panel-summer')
    expect(panel).toHaveTextContent('Contenido de summer')
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1)
  })

  it('is one tab stop: Tab reaches the selected tab, then leaves the list for the panel', async () => {
    const { user } = renderSeasons({ initial: 'summer' })
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, 0, -1])

    await user.tab()
    expect(tab('Verano')).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('tabpanel')).toHaveFocus()
  })

  it('moves and selects with the arrows, wrapping at both ends', async () => {
    const { user } = renderSeasons()
    await user.tab()

    await user.keyboard('{ArrowRight}')
    expect(selectedTab()).toHaveTextContent('Verano')
    expect(selectedTab()).toHaveFocus()
    expect(screen.getByRole('tabpanel', { name: 'Verano' })).toHaveTextContent('Contenido de summer')
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(selectedTab()).toHaveTextContent('Primavera')
    expect(selectedTab()).toHaveFocus()

    await user.keyboard('{ArrowLeft}')
    expect(selectedTab()).toHaveTextContent('Otoño')
    expect(selectedTab()).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(selectedTab()).toHaveTextContent('Verano')
    expect(selectedTab()).toHaveFocus()
    // The new selection is the list's only tab stop.
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, 0, -1])
  })

  it('goes to the first tab with Home and the last with End', async () => {
    const { user } = renderSeasons({ initial: 'summer' })
    await user.tab()

    await user.keyboard('{End}')
    expect(selectedTab()).toHaveTextContent('Otoño')
    expect(selectedTab()).toHaveFocus()
    await user.keyboard('{Home}')
    expect(selectedTab()).toHaveTextContent('Primavera')
    expect(selectedTab()).toHaveFocus()
  })

  it('ignores other keys', async () => {
    const onSelect = vi.fn()
    const { user } = renderSeasons({ onSelect })
    await user.tab()

    await user.keyboard('{ArrowDown}{ArrowUp}a')
    expect(onSelect).not.toHaveBeenCalled()
    expect(selectedTab()).toHaveTextContent('Primavera')
  })

  it('selects a tab when it is clicked and shows its panel', async () => {
    const onSelect = vi.fn()
    const { user } = renderSeasons({ onSelect })

    await user.click(tab('Otoño'))
    expect(onSelect).toHaveBeenCalledWith('autumn')
    expect(tab('Otoño')).toHaveAttribute('aria-selected', 'true')
    expect(tab('Primavera')).toHaveAttribute('aria-selected', 'false')
    const panel = screen.getByRole('tabpanel', { name: 'Otoño' })
    expect(panel).toHaveAttribute('id', 'seasons-panel-autumn')
    expect(panel).toHaveAttribute('aria-labelledby', 'seasons-tab-autumn')
    expect(panel).toHaveTextContent('Contenido de autumn')
  })
})
