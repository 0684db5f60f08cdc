import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import './tabs.css'

export interface TabItem<Id extends string> {
  id: Id
  label: string
}

interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers. */
  label: string
  tabs: readonly TabItem<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  /** Prefix of the tab and panel ids, unique in the page. */
  idPrefix: string
  /** The selected tab's panel. */
  children: ReactNode
}

/**
 * Tabs as the WAI-ARIA pattern describes them: one tab stop for the whole list (the selected
 * tab), Left/Right arrows move and select, Home and End go to the first and last, and the panel
 * is named by its tab. Only the selected panel is rendered.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, idPrefix, children }: TabsProps<Id>) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>())

  function choose(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length]!
    onSelect(tab.id)
    buttons.current.get(tab.id)?.focus()
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    choose(next)
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs-list">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element)
                else buttons.current.delete(tab.id)
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              className="tabs-tab"
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel-${selected}`} aria-labelledby={`${idPrefix}-tab-${selected}`} className="tabs-panel" tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
