import { useTranslation } from 'react-i18next'
import { useWatch } from 'react-hook-form'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import { limits } from '../../../../shared/limits.ts'
import { TextField } from '../../../components/ui/text-field.tsx'
import { issueText } from '../lib/issue-message.ts'
import { memberName } from '../lib/member-name.ts'
import { CheckboxField } from './checkbox-field.tsx'
import type { MemberFormHandle } from './member-form-types.ts'
import { RelationLinkOffer } from './relation-link-offer.tsx'

interface MemberIdentityFieldsProps {
  form: MemberFormHandle
  members: readonly Member[]
  memberId?: string
  /** Brought in by an import: the relationship to the owner may stay unsaid, as the server allows. */
  isImported?: boolean
  /** Only the card's own facts: the owner's mark and the relationship belong to the tree's editors. */
  isFactsOnly?: boolean
}

/** Names, "this profile represents me" and the relationship to the owner it replaces. */
export function MemberIdentityFields({ form, members, memberId, isImported = false, isFactsOnly = false }: MemberIdentityFieldsProps) {
  const { t } = useTranslation('family-tree')
  const { register, control } = form
  const { errors } = form.formState
  const isSelf = useWatch({ control, name: 'isSelf' })
  // Only one member can be the owner: while someone else is, the box cannot be ticked here.
  const otherSelf = members.find((member) => member.memberId !== memberId && isSelfMember(member))
  const isSelfTaken = otherSelf !== undefined && !isSelf

  return (
    <>
      <div className="member-form-row">
        <TextField
          label={t('form.firstName')}
          required
          autoComplete="off"
          maxLength={limits.memberNameMaxLength}
          error={issueText(t, errors.firstName?.message)}
          {...register('firstName')}
        />
        <TextField
          label={t('form.lastName')}
          required
          autoComplete="off"
          maxLength={limits.memberNameMaxLength}
          error={issueText(t, errors.lastName?.message)}
          {...register('lastName')}
        />
      </div>
      {isFactsOnly ? null : (
        <>
          <CheckboxField
            label={t('form.isSelf')}
            hint={otherSelf && isSelfTaken ? t('form.selfTaken', { name: memberName(otherSelf) }) : t('form.isSelfHint')}
            error={issueText(t, errors.isSelf?.message)}
            {...register('isSelf', { deps: ['relationshipToOwner'] })}
            disabled={isSelfTaken}
          />
          {!isSelf && (
            <TextField
              label={t('form.relationship')}
              hint={t('form.relationshipHint')}
              required={!isImported}
              optional={isImported}
              maxLength={limits.memberRelationshipMaxLength}
              error={issueText(t, errors.relationshipToOwner?.message)}
              {...register('relationshipToOwner')}
            />
          )}
          {!isSelf && <RelationLinkOffer form={form} members={members} memberId={memberId} />}
        </>
      )}
    </>
  )
}
