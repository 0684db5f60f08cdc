import { useTranslation } from 'react-i18next'
import { useWatch } from 'react-hook-form'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { genealogyDateMaxLength } from '../../../../shared/genealogy-date/index.ts'
import { limits } from '../../../../shared/limits.ts'
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx'
import { issueText } from '../lib/issue-message.ts'
import { memberName } from '../lib/member-name.ts'
import { CheckboxField } from './checkbox-field.tsx'
import type { MemberFormHandle } from './member-form-types.ts'

interface MemberMarriageFieldsProps {
  form: MemberFormHandle
  membersById: ReadonlyMap<string, Member>
}

/** Whether, when and where the member married (and divorced) each spouse chosen, with notes, one group per couple. */
export function MemberMarriageFields({ form, membersById }: MemberMarriageFieldsProps) {
  const { t } = useTranslation('family-tree')
  const { register, control } = form
  const unions = useWatch({ control, name: 'unions' })
  const errors = form.formState.errors.unions
  // A family of one parent has no spouse to name: it travels with the form untouched.
  const marriages = unions.map((union, index) => ({ union, index })).filter(({ union }) => union.spouseId !== null && membersById.has(union.spouseId))
  if (marriages.length === 0) return null

  return (
    <div className="member-form-marriages">
      {marriages.map(({ union, index }) => {
        const spouse = memberName(membersById.get(union.spouseId!)!)
        return (
          <fieldset key={union.unionId ?? `new-${union.spouseId}`} className="member-form-marriage">
            <legend>{t('form.marriageWith', { name: spouse })}</legend>
            <CheckboxField label={t('form.isMarried')} hint={t('form.isMarriedHint')} {...register(`unions.${index}.isMarried`)} />
            <div className="member-form-row">
              <TextField
                label={t('form.marriageDate')}
                hint={t('form.dateHint')}
                optional
                autoComplete="off"
                maxLength={genealogyDateMaxLength}
                error={issueText(t, errors?.[index]?.marriageDate?.message)}
                {...register(`unions.${index}.marriageDate`)}
              />
              <TextField
                label={t('form.marriagePlace')}
                optional
                maxLength={limits.memberPlaceMaxLength}
                error={issueText(t, errors?.[index]?.marriagePlace?.message)}
                {...register(`unions.${index}.marriagePlace`)}
              />
            </div>
            <div className="member-form-row">
              <TextField
                label={t('form.divorceDate')}
                hint={t('form.divorceHint')}
                optional
                autoComplete="off"
                maxLength={genealogyDateMaxLength}
                error={issueText(t, errors?.[index]?.divorceDate?.message)}
                {...register(`unions.${index}.divorceDate`)}
              />
              <TextField
                label={t('form.divorcePlace')}
                optional
                maxLength={limits.memberPlaceMaxLength}
                error={issueText(t, errors?.[index]?.divorcePlace?.message)}
                {...register(`unions.${index}.divorcePlace`)}
              />
            </div>
            <TextAreaField
              label={t('form.unionNotes')}
              hint={t('form.unionNotesHint')}
              optional
              rows={2}
              maxLength={limits.memberNotesMaxLength}
              error={issueText(t, errors?.[index]?.notes?.message)}
              {...register(`unions.${index}.notes`)}
            />
          </fieldset>
        )
      })}
    </div>
  )
}
