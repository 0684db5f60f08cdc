import { useDeferredValue, useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { listEveryoneUpTo, searchRelationOptions, searchShowsUpTo, type RelationOption } from '../lib/relation-options.ts'

interface RelationPickerProps {
  /** Form name of the checkboxes, e.g. `parentMemberIds`. */
  name: string
  legend: string
  hint?: string
  options: readonly RelationOption[]
  value: readonly string[]
  onChange: (memberIds: string[]) => void
  /** Already translated text of the group's problem. */
  error?: string
  /** Most people that can be ticked; one more is refused with `limitMessage`. */
  max?: number
  limitMessage?: string
  /** Shown beside a child who already has two parents (that checkbox is unavailable). */
  hasTwoParentsNote?: string
  /** Receives the first checkbox, so a server error on the group can move focus there. */
  inputRef?: Ref<HTMLInputElement>
}

/**
 * A group of checkboxes among the other members of the tree, for one kind of relation. A large
 * tree's group lists those ticked and a search's first matches (see `listEveryoneUpTo`).
 */
export function RelationPicker(props: RelationPickerProps) {
  const { name, legend, hint, options, value, onChange, error, max, limitMessage, hasTwoParentsNote, inputRef } = props
  const { t } = useTranslation('family-tree')
  const [isRefused, setIsRefused] = useState(false)
  const [query, setQuery] = useState('')
  // Typing stays quick: the list follows in a render that a keystroke can interrupt.
  const deferredQuery = useDeferredValue(query)
  const id = useId()
  const isSearch = options.length > listEveryoneUpTo
  const search = useMemo(() => (isSearch ? searchRelationOptions(options, value, deferredQuery) : undefined), [isSearch, options, value, deferredQuery])
  const shown = search?.shown ?? options
  const hintId = hint ? `${id}-hint` : undefined
  const countId = isSearch ? `${id}-count` : undefined
  const refusedId = isRefused ? `${id}-refused` : undefined
  const errorId = error ? `${id}-error` : undefined

  function handleToggle(memberId: string, checked: boolean) {
    // One more than the group allows is refused on the spot, with the rule said next to the choices.
    if (checked && max !== undefined && value.length >= max) {
      setIsRefused(true)
      return
    }
    setIsRefused(false)
    onChange(checked ? [...value, memberId] : value.filter((chosen) => chosen !== memberId))
  }

  return (
    <fieldset className="relation-picker" aria-describedby={[hintId, refusedId, errorId].filter(Boolean).join(' ') || undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {search && (
        <div className="field relation-picker-search">
          <label htmlFor={`${id}-search`}>{t('form.relationSearch')}</label>
          <input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            value={query}
            aria-describedby={countId}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={keepFormOpen}
          />
          <p id={countId} className="hint relation-picker-count" aria-live="polite">
            {searchSummary(t, deferredQuery, search.matches)}
          </p>
        </div>
      )}
      <ul className="relation-picker-options">
        {shown.map((option, index) => {
          const inputId = `${id}-${option.memberId}`
          const noteId = option.hasTwoParents ? `${inputId}-note` : undefined
          return (
            <li key={option.memberId}>
              <input
                ref={index === 0 ? inputRef : undefined}
                id={inputId}
                type="checkbox"
                name={name}
                value={option.memberId}
                checked={value.includes(option.memberId)}
                aria-describedby={noteId}
                onChange={(event) => handleToggle(option.memberId, event.target.checked)}
              />
              <label htmlFor={inputId}>{option.label}</label>
              {noteId && (
                <span id={noteId} className="relation-picker-note">
                  {hasTwoParentsNote}
                </span>
              )}
            </li>
          )
        })}
      </ul>
      {isRefused && (
        <p id={refusedId} className="field-error" role="alert">
          {limitMessage}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Enter in the search box looks, it does not send the member form. */
function keepFormOpen(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.preventDefault()
}

/** What a large group's search shows, in words: how many people, and how to find the others. */
function searchSummary(t: (key: string, values: Record<string, unknown>) => string, query: string, matches: number): string {
  const shown = Math.min(matches, searchShowsUpTo)
  if (!query.trim()) return t('form.relationShown', { shown, total: matches })
  if (matches === 0) return t('form.relationNone', { query: query.trim() })
  if (matches > shown) return t('form.relationFoundMany', { count: matches, shown })
  return t('form.relationFound', { count: matches })
}
