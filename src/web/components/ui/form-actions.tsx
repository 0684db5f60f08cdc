interface FormActionsProps {
  isSubmitting: boolean
  submitLabel: string
  /** Shown on the submit button while the form is being saved, e.g. 'Guardando...'. */
  submittingLabel: string
  cancelLabel?: string
  /** Without it there is no cancel button. */
  onCancel?: () => void
  className: string
}

/**
 * A form's save and cancel buttons. While saving both stay focusable but do nothing
 * (`aria-disabled`), so keyboard and screen-reader users do not lose their place.
 */
export function FormActions({ isSubmitting, submitLabel, submittingLabel, cancelLabel, onCancel, className }: FormActionsProps) {
  return (
    <div className={className}>
      <button type="submit" className="button button-primary" aria-disabled={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button" aria-disabled={isSubmitting} onClick={isSubmitting ? undefined : onCancel}>
          {cancelLabel}
        </button>
      )}
    </div>
  )
}
