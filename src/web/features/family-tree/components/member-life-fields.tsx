import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useWatch } from 'react-hook-form'
import { genealogyDateMaxLength } from '../../../../shared/genealogy-date/index.ts'
import { limits } from '../../../../shared/limits.ts'
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx'
import { genderChoices, genderLabelKey } from '../lib/gender-label.ts'
import { issueText } from '../lib/issue-message.ts'
import { CheckboxField } from './checkbox-field.tsx'
import type { MemberFormHandle } from './member-form-types.ts'

/** "Ha fallecido" with the dates and places as written, gender, a short biography, the key moments of a life and notes. */
export function MemberLifeFields({ form }: { form: MemberFormHandle }) {
  const { t } = useTranslation(['family-tree', 'common'])
  const { register, control, setValue } = form
  const { errors } = form.formState
  const isDeceased = useWatch({ control, name: 'isDeceased' })
  const genderId = useId()
  const genderError = issueText(t, errors.gender?.message)

  return (
    <>
      <CheckboxField
        label={t('form.isDeceased')}
        error={issueText(t, errors.isDeceased?.message)}
        {...register('isDeceased', {
          deps: ['deathDate'],
          // The death date is kept only for someone who has passed away.
          onChange: (event: { target: HTMLInputElement }) => {
            if (!event.target.checked) {
              setValue('deathDate', '')
              setValue('deathPlace', '')
            }
          },
        })}
      />
      <div className="member-form-row">
        <TextField
          label={t('form.birthDate')}
          hint={t('form.dateHint')}
          optional
          autoComplete="off"
          maxLength={genealogyDateMaxLength}
          error={issueText(t, errors.birthDate?.message)}
          {...register('birthDate', { deps: ['deathDate'] })}
        />
        <TextField
          label={t('form.birthPlace')}
          hint={t('form.placeHint')}
          optional
          maxLength={limits.memberPlaceMaxLength}
          error={issueText(t, errors.birthPlace?.message)}
          {...register('birthPlace')}
        />
      </div>
      {isDeceased && (
        <div className="member-form-row">
          <TextField
            label={t('form.deathDate')}
            hint={t('form.dateHint')}
            optional
            autoComplete="off"
            maxLength={genealogyDateMaxLength}
            error={issueText(t, errors.deathDate?.message)}
            {...register('deathDate')}
          />
          <TextField label={t('form.deathPlace')} optional maxLength={limits.memberPlaceMaxLength} error={issueText(t, errors.deathPlace?.message)} {...register('deathPlace')} />
        </div>
      )}
      <div className="field member-form-gender">
        <label htmlFor={genderId}>
          {t('form.gender')}
          <span className="field-optional"> {t('common:form.optional')}</span>
        </label>
        <select id={genderId} aria-invalid={genderError ? true : undefined} aria-describedby={genderError ? `${genderId}-error` : undefined} {...register('gender')}>
          {genderChoices.map((gender) => (
            <option key={gender} value={gender}>
              {t(genderLabelKey[gender])}
            </option>
          ))}
        </select>
        {genderError && (
          <p id={`${genderId}-error`} className="field-error">
            {genderError}
          </p>
        )}
      </div>
      <TextAreaField
        label={t('form.bioSummary')}
        hint={t('form.bioSummaryHint')}
        optional
        rows={4}
        maxLength={limits.memberBioMaxLength}
        error={issueText(t, errors.bioSummary?.message)}
        {...register('bioSummary')}
      />
      <TextAreaField
        label={t('form.keyLifeEvents')}
        hint={t('form.keyLifeEventsHint')}
        optional
        rows={4}
        error={issueText(t, errors.keyLifeEvents?.message)}
        {...register('keyLifeEvents')}
      />
      <TextAreaField
        label={t('form.notes')}
        hint={t('form.notesHint')}
        optional
        rows={3}
        maxLength={limits.memberNotesMaxLength}
        error={issueText(t, errors.notes?.message)}
        {...register('notes')}
      />
    </>
  )
}
