import { useId, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'

interface CommonProps {
  label: string
  /** Already translated text of the field's problem; marks the control invalid. */
  error?: string
  hint?: string
  /** Adds "(opcional)" to the label, so required fields need no asterisk. */
  optional?: boolean
}

function useFieldIds(id: string | undefined, hint: string | undefined, error: string | undefined) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return { inputId, hintId, errorId, describedBy }
}

function FieldLabel({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  const { t } = useTranslation()
  return (
    <label htmlFor={htmlFor}>
      {label}
      {optional ? <span className="field-optional"> {t('form.optional')}</span> : null}
    </label>
  )
}

type TextFieldProps = CommonProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, optional, id, ...inputProps }: TextFieldProps) {
  const { inputId, hintId, errorId, describedBy } = useFieldIds(id, hint, error)
  return (
    <div className="field">
      <FieldLabel htmlFor={inputId} label={label} optional={optional} />
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type TextAreaFieldProps = CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }

export function TextAreaField({ label, error, hint, optional, id, ...textareaProps }: TextAreaFieldProps) {
  const { inputId, hintId, errorId, describedBy } = useFieldIds(id, hint, error)
  return (
    <div className="field">
      <FieldLabel htmlFor={inputId} label={label} optional={optional} />
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <textarea id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...textareaProps} />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
