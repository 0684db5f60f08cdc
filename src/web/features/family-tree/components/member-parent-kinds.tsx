import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Controller, useWatch } from 'react-hook-form'
import type { Member, ParentKind } from '../../../../shared/contracts/family-tree.ts'
import { limits } from '../../../../shared/limits.ts'
import { issueText } from '../lib/issue-message.ts'
import { parentsPerKind } from '../lib/member-form-schema.ts'
import { memberName } from '../lib/member-name.ts'
import { kindChoices } from '../lib/parent-kinds.ts'
import type { MemberFormHandle } from './member-form-types.ts'

interface MemberParentKindsProps {
  form: MemberFormHandle
  membersById: ReadonlyMap<string, Member>
  /** Said politely when a parent just chosen was given a kind other than birth. */
  note?: string
}

/** One labelled choice per parent chosen: by birth (the default), adoption, fostering, or another way. */
export function MemberParentKinds({ form, membersById, note }: MemberParentKindsProps) {
  const { t } = useTranslation('family-tree')
  const id = useId()
  const parentIds = useWatch({ control: form.control, name: 'parentMemberIds' })
  if (parentIds.length === 0) return null

  return (
    <Controller
      control={form.control}
      name="parentKinds"
      render={({ field, fieldState }) => {
        const kinds = field.value
        // The rule is said as soon as a choice breaks it, not only when saving.
        const isOverfull = [...parentsPerKind(parentIds, kinds).values()].some((count) => count > limits.parentsPerMember)
        const error = isOverfull ? t('errors:member.too_many_parents') : issueText(t, fieldState.error?.message)
        const describedBy = [note ? `${id}-note` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
        return (
          <fieldset className="member-form-parent-kinds" aria-describedby={describedBy}>
            <legend>{t('form.parentKinds')}</legend>
            {parentIds.map((parentId, index) => {
              const parent = membersById.get(parentId)
              const kind: ParentKind = kinds[parentId] ?? 'birth'
              const selectId = `${id}-${parentId}`
              return (
                <div key={parentId} className="field member-form-parent-kind">
                  <label htmlFor={selectId}>{t('form.parentKind', { name: parent ? memberName(parent) : parentId })}</label>
                  <select
                    id={selectId}
                    ref={index === 0 ? field.ref : undefined}
                    value={kind}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => field.onChange({ ...kinds, [parentId]: event.target.value as ParentKind })}
                    onBlur={field.onBlur}
                  >
                    {kindChoices(kind).map((choice) => (
                      <option key={choice} value={choice}>
                        {t(`form.kind.${choice}`)}
                      </option>
                    ))}
                  </select>
                </div>
              )
            })}
            <p id={`${id}-note`} className="hint" role="status">
              {note}
            </p>
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </fieldset>
        )
      }}
    />
  )
}
