import { useId, useState, type Ref } from 'react'
import type { RelationOption } from '../lib/relation-options.ts'

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

/** A group of checkboxes among the other members of the tree, for one kind of relation. */
export function RelationPicker(props: RelationPickerProps) {
  const { name, legend, hint, options, value, onChange, error, max, limitMessage, hasTwoParentsNote, inputRef } = props
  const [isRefused, setIsRefused] = useState(false)
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
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
      <ul className="relation-picker-options">
        {options.map((option, index) => {
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
                disabled={option.hasTwoParents}
                aria-describedby={noteId}
                onChange={(event) => handleToggle(option.memberId, event.target.checked)}
              />
              <label htmlFor={inputId}>{option.name}</label>
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
