import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { memberName } from '../lib/member-name.ts'
import { missingRelatives, type NewRelativeRequest } from '../lib/new-relative.ts'

interface AddRelativeButtonsProps {
  member: Member
  membersById: ReadonlyMap<string, Member>
  onAdd: (request: NewRelativeRequest) => void
}

/** «Añadir madre», «Añadir padre» where they are missing, and «Añadir hijo/a»: each opens the member form already linked. */
export function AddRelativeButtons({ member, membersById, onAdd }: AddRelativeButtonsProps) {
  const { t } = useTranslation('family-tree')
  const name = memberName(member)
  return missingRelatives(member, membersById).map((relation) => (
    <button
      key={relation}
      type="button"
      className="button"
      aria-label={t(`relative.addLabel.${relation}`, { name })}
      onClick={() => onAdd({ relation, memberId: member.memberId })}
    >
      {t(`relative.add.${relation}`)}
    </button>
  ))
}
