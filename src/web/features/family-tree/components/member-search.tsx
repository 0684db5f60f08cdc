import { useId, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'

interface MemberSearchProps {
  query: string
  onChange: (query: string) => void
  /** People whose name matches what was typed (everyone when nothing is). */
  found: number
}

/**
 * The list's search by name: what is typed narrows the list at once, accents and case ignored, and
 * a polite line says how many people match. Escape empties it, as a search box does.
 */
export function MemberSearch({ query, onChange, found }: MemberSearchProps) {
  const { t } = useTranslation('family-tree')
  const id = useId()
  const typed = query.trim()

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && query) {
      event.preventDefault()
      onChange('')
    }
  }

  return (
    <div className="field member-search" role="search" aria-label={t('list.search')}>
      <label htmlFor={id}>{t('list.search')}</label>
      <p id={`${id}-hint`} className="hint">
        {t('list.searchHint')}
      </p>
      <input
        id={id}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        value={query}
        aria-describedby={`${id}-hint ${id}-count`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <p id={`${id}-count`} className="hint member-search-count" aria-live="polite">
        {typed ? (found === 0 ? t('list.searchNone', { query: typed }) : t('list.searchFound', { count: found, query: typed })) : ''}
      </p>
    </div>
  )
}
