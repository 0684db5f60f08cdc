import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { FactProposal, FactValue } from '../../../../shared/contracts/facts.ts'
import { isDateFactKind, isRelativeFactKind } from '../../../../shared/facts/index.ts'
import { genealogyDateMaxLength } from '../../../../shared/genealogy-date/index.ts'
import { limits, type Language } from '../../../../shared/limits.ts'
import { FormActions } from '../../../components/ui/form-actions.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { factValueText } from '../lib/fact-words.ts'

interface FactEditFormProps {
  proposal: FactProposal
  /** The fact in words, naming the form for a screen reader. */
  fact: string
  language: Language
  isSaving: boolean
  /** The server's refusal, already in words. */
  error?: string | undefined
  onSave: (value: FactValue) => void
  onCancel: () => void
}

/**
 * Corrects a heard fact before it goes into the tree, in the fields the card would use: a date as
 * it is known («hacia 1931», read by the same rules as the member form), a place or a word, or a
 * relative's name and surname.
 */
export function FactEditForm({ proposal, fact, language, isSaving, error, onSave, onCancel }: FactEditFormProps) {
  const { t } = useTranslation('facts')
  const isRelative = isRelativeFactKind(proposal.kind)
  const name = typeof proposal.value === 'string' ? { first: proposal.value, last: '' } : proposal.value
  const [text, setText] = useState(() => (isRelative ? '' : factValueText(proposal.kind, proposal.value, language)))
  const [first, setFirst] = useState(name.first)
  const [last, setLast] = useState(name.last)
  const [isMissing, setIsMissing] = useState(false)
  const firstFieldRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    firstFieldRef.current?.focus()
  }, [])

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (isSaving) return
    const value: FactValue = isRelative ? { first: first.trim(), last: last.trim() } : text.trim()
    const isEmpty = typeof value === 'string' ? value === '' : value.first === ''
    setIsMissing(isEmpty)
    if (isEmpty) {
      firstFieldRef.current?.focus()
      return
    }
    onSave(value)
  }

  const requiredText = isMissing ? t('edit.required') : undefined
  const current = proposal.current === null ? undefined : factValueText(proposal.kind, proposal.current, language)
  return (
    <form className="fact-edit-form" aria-label={t('edit.group', { fact })} noValidate onSubmit={handleSubmit}>
      {isRelative ? (
        <div className="fact-edit-row">
          <TextField
            ref={firstFieldRef}
            label={t('edit.firstName')}
            value={first}
            maxLength={limits.memberNameMaxLength}
            error={requiredText}
            onChange={(event) => setFirst(event.target.value)}
          />
          <TextField label={t('edit.lastName')} value={last} optional maxLength={limits.memberNameMaxLength} onChange={(event) => setLast(event.target.value)} />
        </div>
      ) : (
        <TextField
          ref={firstFieldRef}
          label={t(`edit.label.${proposal.kind}`)}
          hint={isDateFactKind(proposal.kind) ? t('edit.dateHint') : undefined}
          value={text}
          autoComplete="off"
          maxLength={isDateFactKind(proposal.kind) ? genealogyDateMaxLength : limits.memberPlaceMaxLength}
          error={requiredText}
          onChange={(event) => setText(event.target.value)}
        />
      )}
      {current && <p className="fact-edit-note">{t('edit.replaces', { value: current })}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FormActions
        className="fact-actions"
        isSubmitting={isSaving}
        submitLabel={t('edit.save')}
        submittingLabel={t('proposal.saving')}
        cancelLabel={t('edit.cancel')}
        onCancel={onCancel}
      />
    </form>
  )
}
