import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Controller, useWatch } from 'react-hook-form'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { limits } from '../../../../shared/limits.ts'
import { issueText } from '../lib/issue-message.ts'
import { unionsForSpouses } from '../lib/member-form-values.ts'
import { memberName } from '../lib/member-name.ts'
import { kindForNewChild, kindForNewParent, offeredKinds } from '../lib/parent-kinds.ts'
import { relationOptions } from '../lib/relation-options.ts'
import { createChoiceLabeller, rememberLabels } from '../chart/person-label.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import type { MemberFormHandle } from './member-form-types.ts'
import { MemberMarriageFields } from './member-marriage-fields.tsx'
import { MemberRelationKinds } from './member-relation-kinds.tsx'
import { RelationPicker } from './relation-picker.tsx'

interface MemberRelationFieldsProps {
  form: MemberFormHandle
  members: readonly Member[]
  memberId?: string
}

/**
 * Parents (at most 2 of each kind) with how the member is their child, spouses with their
 * marriages, and children, chosen among the other members of the tree.
 */
export function MemberRelationFields({ form, members, memberId }: MemberRelationFieldsProps) {
  const { t } = useTranslation('family-tree')
  const { t: tChart, i18n } = useTranslation('family-chart')
  const language = uiLanguageOf(i18n)
  const { control, getValues, setValue } = form
  const membersById = useMemo(() => new Map(members.map((member) => [member.memberId, member])), [members])
  const [parentMemberIds, childrenMemberIds] = useWatch({ control, name: ['parentMemberIds', 'childrenMemberIds'] })
  // Each person's label once per language, however often the choices change: dates are read to write it.
  const labelOf = useMemo(() => rememberLabels<Member>(createChoiceLabeller(tChart, language)), [tChart, language])
  // Worked out again only when the choices change: a large tree has thousands of people to sort.
  const options = useMemo(
    () => relationOptions(members, memberId, { parentMemberIds, childrenMemberIds }, labelOf),
    [members, memberId, parentMemberIds, childrenMemberIds, labelOf],
  )
  const [kindNote, setKindNote] = useState<string>()
  const [childKindNote, setChildKindNote] = useState<string>()

  /** A parent just ticked takes the first kind with room, and the form says so when it is not birth. */
  function chooseParents(ids: string[], previous: readonly string[]) {
    const added = ids.find((id) => !previous.includes(id))
    setKindNote(undefined)
    if (added === undefined) return
    const kinds = getValues('parentKinds')
    const kind = kindForNewParent(previous, kinds)
    setValue('parentKinds', { ...kinds, [added]: kind })
    const parent = membersById.get(added)
    if (kind !== 'birth' && parent) setKindNote(t('form.kindChosen', { name: memberName(parent), kind: t(`form.kind.${kind}`) }))
  }

  /** A child just ticked takes the first kind the child has room for (adopted beside two birth parents), said when not birth. */
  function chooseChildren(ids: string[], previous: readonly string[]) {
    const added = ids.find((id) => !previous.includes(id))
    setChildKindNote(undefined)
    if (added === undefined) return
    const child = membersById.get(added)
    const kind = kindForNewChild(child, memberId)
    setValue('childKinds', { ...getValues('childKinds'), [added]: kind })
    if (kind !== 'birth' && child) setChildKindNote(t('form.childKindChosen', { name: memberName(child), kind: t(`form.kind.${kind}`) }))
  }

  if (options.spouses.length === 0) {
    return <p className="member-form-no-relatives">{t('form.noRelatives')}</p>
  }

  return (
    <div className="member-form-relations">
      <Controller
        control={control}
        name="parentMemberIds"
        render={({ field, fieldState }) => (
          <RelationPicker
            name={field.name}
            legend={t('form.parents')}
            hint={t('form.parentsHint')}
            options={options.parents}
            value={field.value}
            onChange={(ids: string[]) => {
              chooseParents(ids, field.value)
              field.onChange(ids)
            }}
            inputRef={field.ref}
            error={issueText(t, fieldState.error?.message)}
            max={limits.parentsPerMember * offeredKinds.length}
            limitMessage={t('errors:member.too_many_parents')}
          />
        )}
      />
      <MemberRelationKinds form={form} side="parents" membersById={membersById} memberId={memberId} note={kindNote} />
      <Controller
        control={control}
        name="spouseMemberIds"
        render={({ field, fieldState }) => (
          <RelationPicker
            name={field.name}
            legend={t('form.spouses')}
            options={options.spouses}
            value={field.value}
            onChange={(ids: string[]) => {
              field.onChange(ids)
              setValue('unions', unionsForSpouses(getValues('unions'), ids))
            }}
            inputRef={field.ref}
            error={issueText(t, fieldState.error?.message)}
          />
        )}
      />
      <MemberMarriageFields form={form} membersById={membersById} />
      <Controller
        control={control}
        name="childrenMemberIds"
        render={({ field, fieldState }) => (
          <RelationPicker
            name={field.name}
            legend={t('form.children')}
            options={options.children}
            value={field.value}
            onChange={(ids: string[]) => {
              chooseChildren(ids, field.value)
              field.onChange(ids)
            }}
            inputRef={field.ref}
            error={issueText(t, fieldState.error?.message)}
            hasTwoParentsNote={t('form.hasTwoParents')}
          />
        )}
      />
      <MemberRelationKinds form={form} side="children" membersById={membersById} memberId={memberId} note={childKindNote} />
    </div>
  )
}
