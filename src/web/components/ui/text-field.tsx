import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'

interface CommonProps {
  label: string
  /** Already translated text of the field's problem; marks the control invalid. */
  error?: string
  hint?: string
  /** Adds "(opcional)" to the label, so required fields need no asterisk. */
  optional?: boolean
}

/** Props that tie a control to its label, hint and error. */
interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** The label, hint and error around one control, tied together with ids and aria-describedby. */
function Field({ label, error, hint, optional, id, children }: CommonProps & { id?: string; children: (control: ControlProps) => ReactNode }) {
  const { t } = useTranslation()
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={inputId}>
        {label}
        {optional ? <span className="field-optional"> {t('form.optional')}</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type TextFieldProps = CommonProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, optional, id, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} id={id}>
      {(control) => <input {...control} {...inputProps} />}
    </Field>
  )
}

type TextAreaFieldProps = CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }

/** The same, for a textarea. */
export function TextAreaField({ label, error, hint, optional, id, ...textareaProps }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} id={id}>
      {(control) => <textarea {...control} {...textareaProps} />}
    </Field>
  )
}
