import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useWatch } from 'react-hook-form'
import { limits } from '../../../../shared/limits.ts'
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx'
import { genderChoices, genderLabelKey } from '../lib/gender-label.ts'
import { issueText } from '../lib/issue-message.ts'
import { CheckboxField } from './checkbox-field.tsx'
import type { MemberFormHandle } from './member-form-types.ts'

/** "Ha fallecido" with the dates, gender, a short biography and the key moments of a life. */
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
          // Spec §5: the death date is kept only for someone who has passed away.
          onChange: (event: { target: HTMLInputElement }) => {
            if (!event.target.checked) setValue('deathDate', '')
          },
        })}
      />
      <div className="member-form-row">
        <TextField
          type="date"
          label={t('form.birthDate')}
          optional
          error={issueText(t, errors.birthDate?.message)}
          {...register('birthDate')}
        />
        {isDeceased && (
          <TextField
            type="date"
            label={t('form.deathDate')}
            optional
            error={issueText(t, errors.deathDate?.message)}
            {...register('deathDate')}
          />
        )}
      </div>
      <div className="field member-form-gender">
        <label htmlFor={genderId}>
          {t('form.gender')}
          <span className="field-optional"> {t('common:form.optional')}</span>
        </label>
        <select
          id={genderId}
          aria-invalid={genderError ? true : undefined}
          aria-describedby={genderError ? `${genderId}-error` : undefined}
          {...register('gender')}
        >
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
    </>
  )
}
