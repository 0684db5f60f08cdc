import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Icon } from '../../../components/ui/icon.tsx'
import './search.css'

// The field comes when the search is first opened: the button is in every signed-in page's header
// from its first paint (a button arriving later moved the page down), the form need not be.
const SearchForm = lazy(async () => ({ default: (await import('./search-form.tsx')).SearchForm }))

/** Whether a key press was typed into a field (where «/» is a letter, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
}

/**
 * The header's search: a button that opens the field (it fits a phone's header), «/» opens it from
 * anywhere, Escape closes it. It closes again once a search is sent.
 */
export function HeaderSearch() {
  const { t } = useTranslation('common')
  const { pathname, search } = useLocation()
  // Open on the page it was opened on: going anywhere (a search sent) closes it.
  const here = pathname + search
  const [openOn, setOpenOn] = useState<string | null>(null)
  const isOpen = openOn === here
  const setOpen = (open: boolean) => setOpenOn(open ? here : null)
  const input = useRef<HTMLInputElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  // The field takes the focus as it arrives, the first time once its chunk has loaded.
  const focusField = useCallback((node: HTMLInputElement | null) => {
    input.current = node
    node?.focus()
  }, [])
  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault()
        setOpenOn(window.location.pathname + window.location.search)
        input.current?.focus()
      }
    }
    window.addEventListener('keydown', handleKey)
    return () => window.removeEventListener('keydown', handleKey)
  }, [])

  return (
    <div className="header-search">
      <button ref={toggle} type="button" className="nav-button" aria-expanded={isOpen} aria-controls="header-search-panel" onClick={() => setOpen(!isOpen)} aria-keyshortcuts="/">
        <Icon name="search" /> <span className="header-search-label">{t('search.open')}</span>
      </button>
      <div id="header-search-panel" className="header-search-panel" hidden={!isOpen}>
        {isOpen && (
          <Suspense>
            <SearchForm
              inputRef={focusField}
              onEscape={() => {
                setOpen(false)
                toggle.current?.focus()
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  )
}
