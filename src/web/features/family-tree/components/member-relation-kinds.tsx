import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Controller, useWatch } from 'react-hook-form'
import type { Member, ParentKind } from '../../../../shared/contracts/family-tree.ts'
import { limits } from '../../../../shared/limits.ts'
import { issueText } from '../lib/issue-message.ts'
import { memberName } from '../lib/member-name.ts'
import { kindChoices, overfullChild, parentsPerKind } from '../lib/parent-kinds.ts'
import type { MemberFormHandle } from './member-form-types.ts'

/** The two sides a member's links have kinds on: their parents, and their children. */
const sides = {
  parents: { ids: 'parentMemberIds', kinds: 'parentKinds', legend: 'form.parentKinds' },
  children: { ids: 'childrenMemberIds', kinds: 'childKinds', legend: 'form.childKinds' },
} as const

interface MemberRelationKindsProps {
  form: MemberFormHandle
  side: keyof typeof sides
  membersById: ReadonlyMap<string, Member>
  /** The member whose form this is (undefined while being added). */
  memberId?: string
  /** Said politely when someone just chosen was given a kind other than birth. */
  note?: string
}

/**
 * One labelled choice per parent (or child) chosen: by birth (the default), adoption, fostering,
 * or another way. The rule of 2 parents of each kind is said as soon as a choice breaks it.
 */
export function MemberRelationKinds({ form, side, membersById, memberId, note }: MemberRelationKindsProps) {
  const { t } = useTranslation('family-tree')
  const id = useId()
  const { ids: idsField, kinds: kindsField, legend } = sides[side]
  const chosenIds = useWatch({ control: form.control, name: idsField })
  if (chosenIds.length === 0) return null

  return (
    <Controller
      control={form.control}
      name={kindsField}
      render={({ field, fieldState }) => {
        const kinds = field.value
        const overfull = side === 'parents' ? [...parentsPerKind(chosenIds, kinds).values()].some((count) => count > limits.parentsPerMember) : undefined
        const child = side === 'children' ? overfullChild(chosenIds, kinds, membersById, memberId) : undefined
        const ruleBroken = overfull ? t('errors:member.too_many_parents') : child ? t('errors:member.child_has_two_parents', { name: memberName(child) }) : undefined
        const error = ruleBroken ?? issueText(t, fieldState.error?.message)
        const describedBy = [note ? `${id}-note` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
        return (
          <fieldset className="member-form-parent-kinds" aria-describedby={describedBy}>
            <legend>{t(legend)}</legend>
            {chosenIds.map((relativeId, index) => {
              const relative = membersById.get(relativeId)
              const kind: ParentKind = kinds[relativeId] ?? 'birth'
              const selectId = `${id}-${relativeId}`
              return (
                <div key={relativeId} className="field member-form-parent-kind">
                  <label htmlFor={selectId}>{t('form.parentKind', { name: relative ? memberName(relative) : relativeId })}</label>
                  <select
                    id={selectId}
                    ref={index === 0 ? field.ref : undefined}
                    value={kind}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => field.onChange({ ...kinds, [relativeId]: event.target.value as ParentKind })}
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
