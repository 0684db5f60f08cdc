import { useId, type InputHTMLAttributes, type Ref } from 'react'

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  hint?: string
  /** Already translated text of the field's problem; marks the control invalid. */
  error?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled checkbox with its hint and error tied to it by aria-describedby. */
export function CheckboxField({ label, hint, error, id, ...inputProps }: CheckboxFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="member-checkbox">
      <div className="member-checkbox-control">
        <input id={inputId} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
        <label htmlFor={inputId}>{label}</label>
      </div>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
