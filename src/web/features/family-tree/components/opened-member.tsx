import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import { memberName } from '../lib/member-name.ts'
import type { MemberMediaSlot } from './media-buttons.tsx'
import { MemberCard } from './member-card.tsx'

interface OpenedMemberProps {
  member: Member
  membersById: ReadonlyMap<string, Member>
  /** The unions read with the member. */
  unions?: readonly Union[]
  media?: MemberMediaSlot
  onDelete: (member: Member) => void
  onUpdated: (member: Member) => void
  onClose: () => void
  /** What the chart adds under the card: centre here, add a mother, a father, a child. */
  actions?: ReactNode
}

/**
 * The card of the person chosen in the chart, right under it and above the list (where they may
 * be hundreds of cards down), with the keyboard on their name.
 */
export function OpenedMember({ member, membersById, unions, media, onDelete, onUpdated, onClose, actions }: OpenedMemberProps) {
  const { t } = useTranslation('family-tree')
  const name = memberName(member)
  return (
    <section className="member-opened" aria-label={t('opened.label', { name })}>
      <MemberCard
        member={member}
        membersById={membersById}
        {...(unions ? { unions } : {})}
        media={media}
        onDelete={onDelete}
        onUpdated={onUpdated}
        isFocusedOnOpen
        extraActions={
          <div className="member-opened-actions">
            {actions}
            <button type="button" className="button" aria-label={t('opened.closeLabel', { name })} onClick={onClose}>
              {t('opened.close')}
            </button>
          </div>
        }
      />
    </section>
  )
}
