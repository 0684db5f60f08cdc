import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { normaliseRelationship } from '../../../../shared/family-tree/self-member.ts'
import { createPersonLabeller, personName } from './person-label.ts'
import { useIsReaderCard } from '../lib/tree-access.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

/**
 * Up to this many members the centre is chosen from a select. Beyond it, a search box with
 * suggestions: a select of thousands of options costs the browser over 100 ms of layout each
 * time it is drawn, and is no way to find one person anyway.
 */
export const selectUpTo = 400

interface CentrePickerProps {
  members: readonly Member[]
  centreId: string
  onChoose: (memberId: string) => void
  /** The field's label, for a choice other than the chart's centre («¿Quién es en el árbol?»). */
  label?: string
  /** A first choice of nobody in particular (its id is ''), for a choice that may be left empty. */
  noneLabel?: string
  /** What a large tree's search button says, for such a choice («Elegir»). */
  submitLabel?: string
}

/** Suggestions offered at once under the search box: enough to pick from, few enough to draw. */
export const suggestionLimit = 50

/** The non-visual way to put anyone in the centre of the chart; the way to name one person of the tree elsewhere. */
export function CentrePicker({ members, centreId, onChoose, label, noneLabel, submitLabel }: CentrePickerProps) {
  const { t, i18n } = useTranslation('family-chart')
  const language = uiLanguageOf(i18n)
  const id = useId()
  const isSearch = members.length > selectUpTo
  const isYou = useIsReaderCard()
  const labelOf = useMemo(() => createPersonLabeller<Member>(t, language, isYou), [t, language, isYou])
  // A small tree's select lists everyone; a large one's search labels only the people it finds.
  const options = useMemo(
    () =>
      isSearch
        ? null
        : uniqueChoices(members, labelOf).map((choice) => (
            <option key={choice.memberId} value={choice.memberId}>
              {choice.label}
            </option>
          )),
    [members, labelOf, isSearch],
  )

  if (!isSearch) {
    return (
      <div className="field family-chart-centre-field">
        <label htmlFor={id}>{label ?? t('centreSelect')}</label>
        <select id={id} value={centreId} onChange={(event) => onChoose(event.target.value)}>
          {noneLabel !== undefined && <option value="">{noneLabel}</option>}
          {options}
        </select>
      </div>
    )
  }
  return <CentreSearch id={id} members={members} labelOf={labelOf} onChoose={onChoose} {...(label ? { label } : {})} {...(submitLabel ? { submitLabel } : {})} />
}

interface Choice {
  memberId: string
  label: string
  name: string
}

/** Each person's label, made unique ("José Gil (2)") so a suggestion names one person. */
function uniqueChoices(members: readonly Member[], labelOf: (member: Member) => string): Choice[] {
  const seen = new Map<string, number>()
  return members.map((member) => {
    const label = labelOf(member)
    const count = (seen.get(label) ?? 0) + 1
    seen.set(label, count)
    return { memberId: member.memberId, label: count === 1 ? label : `${label} (${count})`, name: personName(member) }
  })
}

/**
 * The people a search suggests, at most `limit`, in the tree's order: what was typed is in their
 * name, or their name is in what was typed (a suggestion chosen). `names` holds each member's
 * normalised name, in the same order. People with the same label share a name, so the first
 * `limit` found are numbered as they would be among everyone found.
 */
function matching(text: string, members: readonly Member[], names: readonly string[], labelOf: (member: Member) => string, limit = Infinity): Choice[] {
  const wanted = normaliseRelationship(text)
  if (!wanted) return []
  const found: Member[] = []
  for (let position = 0; position < members.length && found.length < limit; position += 1) {
    const name = names[position]!
    if (name && (name.includes(wanted) || wanted.includes(name))) found.push(members[position]!)
  }
  return uniqueChoices(found, labelOf)
}

/** The people a submitted text can name: its start is their whole name (a label, or the name alone). */
function named(text: string, members: readonly Member[], names: readonly string[], labelOf: (member: Member) => string): Choice[] {
  const wanted = normaliseRelationship(text)
  return uniqueChoices(
    members.filter((_member, position) => names[position] && wanted.startsWith(names[position]!)),
    labelOf,
  )
}

interface CentreSearchProps {
  id: string
  label?: string
  submitLabel?: string
  members: readonly Member[]
  labelOf: (member: Member) => string
  onChoose: (memberId: string) => void
}

/**
 * The search of a large tree. Nothing is worked out for ten thousand people up front: the names
 * are normalised once, at the first keystroke, and only the people whose name matches what is
 * typed get a label (their dates, in words) and a suggestion. People with the same label are
 * numbered in the tree's order, and they all share the name that matched, so the numbers do not
 * depend on what was typed.
 */
function CentreSearch({ id, members, labelOf, onChoose, label, submitLabel }: CentreSearchProps) {
  const { t } = useTranslation('family-chart')
  const [query, setQuery] = useState('')
  const [notFound, setNotFound] = useState(false)
  const deferredQuery = useDeferredValue(query)
  const [names, setNames] = useState<{ members: readonly Member[]; names: string[] }>()
  const normalisedNames = names?.members === members ? names.names : undefined

  function namesOfMembers(): string[] {
    if (normalisedNames) return normalisedNames
    const fresh = members.map((member) => normaliseRelationship(personName(member)))
    setNames({ members, names: fresh })
    return fresh
  }

  const suggestions = useMemo(
    () => (normalisedNames ? matching(deferredQuery, members, normalisedNames, labelOf, suggestionLimit) : []),
    [deferredQuery, normalisedNames, members, labelOf],
  )

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const wanted = normaliseRelationship(query)
    const choices = named(query, members, namesOfMembers(), labelOf)
    // A suggestion chosen as offered, or a name typed out that only one person has.
    const exact = choices.find((choice) => normaliseRelationship(choice.label) === wanted)
    const byName = choices.filter((choice) => normaliseRelationship(choice.name) === wanted)
    const found = exact ?? (byName.length === 1 ? byName[0] : undefined)
    setNotFound(!found)
    if (found) onChoose(found.memberId)
  }

  return (
    <form className="family-chart-search" role="search" aria-label={label ?? t('centreSearch.label')} onSubmit={handleSubmit}>
      <div className="field family-chart-centre-field">
        <label htmlFor={id}>{label ?? t('centreSearch.label')}</label>
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
          onFocus={() => void namesOfMembers()}
          onChange={(event) => {
            namesOfMembers()
            setQuery(event.target.value)
            setNotFound(false)
          }}
        />
        <datalist id={`${id}-list`}>
          {suggestions.map((choice) => (
            <option key={choice.memberId} value={choice.label} />
          ))}
        </datalist>
        {notFound && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {t('centreSearch.notFound')}
          </p>
        )}
      </div>
      <button type="submit" className="button family-chart-tool">
        {submitLabel ?? t('centreSearch.submit')}
      </button>
    </form>
  )
}
