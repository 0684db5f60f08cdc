import { useDeferredValue, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { normaliseRelationship } from '../../../../shared/family-tree/self-member.ts'
import { readerLanguage } from '../lib/genealogy-date-text.ts'
import { createPersonLabeller, personName } from './person-label.ts'

/**
 * Up to this many members the centre is chosen from a select. Beyond it, a search box with
 * suggestions: a select of thousands of options costs the browser over 100 ms of layout each
 * time it is drawn, and is no way to find one person anyway.
 */
export const selectUpTo = 400

const noMembers: readonly Member[] = []

interface CentrePickerProps {
  members: readonly Member[]
  centreId: string
  onChoose: (memberId: string) => void
}

/** The non-visual way to put anyone in the centre of the chart. */
export function CentrePicker({ members, centreId, onChoose }: CentrePickerProps) {
  const { t, i18n } = useTranslation('family-chart')
  const language = readerLanguage(i18n.resolvedLanguage ?? i18n.language)
  const id = useId()
  const isSearch = members.length > selectUpTo
  // A large tree's suggestions are built just after the chart is first drawn, not before.
  const deferredMembers = useDeferredValue(members, noMembers)
  const listed = isSearch ? deferredMembers : members
  // Each person's label, made unique ("José Gil (2)") so a suggestion names one person.
  const choices = useMemo(() => {
    const labelOf = createPersonLabeller(t, language)
    const seen = new Map<string, number>()
    return listed.map((member) => {
      const label = labelOf(member)
      const count = (seen.get(label) ?? 0) + 1
      seen.set(label, count)
      return { memberId: member.memberId, label: count === 1 ? label : `${label} (${count})`, name: personName(member) }
    })
  }, [listed, t, language])
  const options = useMemo(
    () =>
      choices.map((choice) => (
        <option key={choice.memberId} value={isSearch ? choice.label : choice.memberId}>
          {isSearch ? undefined : choice.label}
        </option>
      )),
    [choices, isSearch],
  )

  if (!isSearch) {
    return (
      <div className="field family-chart-centre-field">
        <label htmlFor={id}>{t('centreSelect')}</label>
        <select id={id} value={centreId} onChange={(event) => onChoose(event.target.value)}>
          {options}
        </select>
      </div>
    )
  }
  return <CentreSearch id={id} choices={choices} options={options} onChoose={onChoose} />
}

interface CentreSearchProps {
  id: string
  choices: { memberId: string; label: string; name: string }[]
  options: ReactNode
  onChoose: (memberId: string) => void
}

function CentreSearch({ id, choices, options, onChoose }: CentreSearchProps) {
  const { t } = useTranslation('family-chart')
  const [query, setQuery] = useState('')
  const [notFound, setNotFound] = useState(false)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const wanted = normaliseRelationship(query)
    // A suggestion chosen as offered, or a name typed out that only one person has.
    const exact = choices.find((choice) => normaliseRelationship(choice.label) === wanted)
    const byName = choices.filter((choice) => normaliseRelationship(choice.name) === wanted)
    const found = exact ?? (byName.length === 1 ? byName[0] : undefined)
    setNotFound(!found)
    if (found) onChoose(found.memberId)
  }

  return (
    <form className="family-chart-search" role="search" aria-label={t('centreSearch.label')} onSubmit={handleSubmit}>
      <div className="field family-chart-centre-field">
        <label htmlFor={id}>{t('centreSearch.label')}</label>
        <span className="hint" id={`${id}-hint`}>
          {t('centreSearch.hint')}
        </span>
        <input
          id={id}
          type="text"
          list={`${id}-list`}
          autoComplete="off"
          value={query}
          aria-invalid={notFound}
          aria-describedby={notFound ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setQuery(event.target.value)
            setNotFound(false)
          }}
        />
        <datalist id={`${id}-list`}>{options}</datalist>
        {notFound && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {t('centreSearch.notFound')}
          </p>
        )}
      </div>
      <button type="submit" className="button family-chart-tool">
        {t('centreSearch.submit')}
      </button>
    </form>
  )
}
