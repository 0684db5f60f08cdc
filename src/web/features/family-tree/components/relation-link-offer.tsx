import { useId, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import type { RelationWord } from '../../../../shared/family-tree/relation-words.ts'
import { memberName } from '../lib/member-name.ts'
import { unionsForSpouses } from '../lib/member-form-values.ts'
import { kindForNewChild, kindForNewParent } from '../lib/parent-kinds.ts'
import { findSelf, linkedValues, relationLinkOffer } from '../lib/relation-link.ts'
import type { MemberFormHandle } from './member-form-types.ts'

interface RelationLinkOfferProps {
  form: MemberFormHandle
  members: readonly Member[]
  memberId?: string
}

/**
 * Under «Relación contigo»: a word of kinship typed there ("madre", "grandfather", "épouse")
 * offers, in words, to link the person to the owner's card; nothing is linked until the offer is
 * accepted, and then only in the form (saving writes it). A grandparent asks through which of the
 * owner's parents when there are several.
 */
export function RelationLinkOffer({ form, members, memberId }: RelationLinkOfferProps) {
  const { t } = useTranslation('family-tree')
  const { control, getValues, setValue } = form
  const [relationship, firstName, isSelf, parentMemberIds, spouseMemberIds, childrenMemberIds] = useWatch({
    control,
    name: ['relationshipToOwner', 'firstName', 'isSelf', 'parentMemberIds', 'spouseMemberIds', 'childrenMemberIds'],
  })
  const [declined, setDeclined] = useState<string>()
  const [accepted, setAccepted] = useState<{ relationship: string; text: string }>()
  const questionId = useId()
  // Once per tree: the form re-renders at every keystroke, and a tree can hold a hundred thousand people.
  const self = useMemo(() => findSelf(members), [members])
  const byId = useMemo(() => new Map(members.map((member) => [member.memberId, member])), [members])
  const offer = isSelf ? undefined : relationLinkOffer(relationship, self, byId, memberId, { parentMemberIds, spouseMemberIds, childrenMemberIds })
  const name = firstName.trim() || t('link.thisPerson')
  const relationText = (word: RelationWord) => t(`link.relation.${word.relation}`, { context: word.gender })

  function accept(word: RelationWord, self: Member, target: Member) {
    const values = getValues()
    const changes = linkedValues(word, self, target, values)
    const options = { shouldDirty: true }
    if (changes.childrenMemberIds) {
      setValue('childrenMemberIds', changes.childrenMemberIds, options)
      setValue('childKinds', { ...values.childKinds, [target.memberId]: kindForNewChild(target, memberId) }, options)
    }
    if (changes.parentMemberIds) {
      const kinds = { ...values.parentKinds }
      let chosen = values.parentMemberIds
      for (const id of changes.parentMemberIds.filter((id) => !values.parentMemberIds.includes(id))) {
        kinds[id] = kindForNewParent(chosen, kinds)
        chosen = [...chosen, id]
      }
      setValue('parentMemberIds', changes.parentMemberIds, options)
      setValue('parentKinds', kinds, options)
    }
    if (changes.spouseMemberIds) {
      const unions = unionsForSpouses(values.unions, changes.spouseMemberIds)
      // "esposa", "husband", "épouse": they married; "pareja", "partner": nothing more is said.
      const married = word.relation === 'spouse' ? unions.map((union) => (union.spouseId === self.memberId ? { ...union, isMarried: true } : union)) : unions
      setValue('spouseMemberIds', changes.spouseMemberIds, options)
      setValue('unions', married, options)
    }
    const text =
      target.memberId === self.memberId
        ? t('link.accepted', { name, relation: relationText(word) })
        : t('link.acceptedThrough', { name, relation: relationText(word), through: memberName(target) })
    setAccepted({ relationship, text })
  }

  const isAcceptedShown = accepted !== undefined && accepted.relationship === relationship
  const isOfferShown = offer !== undefined && declined !== relationship && !isAcceptedShown

  return (
    <div className="relation-link" role="status">
      {isAcceptedShown && <p className="relation-link-accepted">{accepted.text}</p>}
      {isOfferShown && offer.kind === 'no-self' && <p className="hint">{t('link.needsSelf', { name, relation: relationText(offer.word) })}</p>}
      {isOfferShown && offer.kind === 'missing' && <p className="hint">{t(`link.needs.${offer.needs}`, { name, relation: relationText(offer.word) })}</p>}
      {isOfferShown && offer.kind === 'ready' && (
        <div className="relation-link-offer" role="group" aria-labelledby={questionId}>
          <p id={questionId} className="relation-link-question">
            {t('link.question', { name, relation: relationText(offer.word) })}
          </p>
          {offer.targets.length > 1 && <p className="hint">{t('link.chooseSide')}</p>}
          <div className="relation-link-actions">
            {offer.targets.map((target) => (
              <button key={target.memberId} type="button" className="button button-primary" onClick={() => accept(offer.word, offer.self, target)}>
                {target.memberId === offer.self.memberId ? t('link.yes') : t('link.yesThrough', { name: memberName(target) })}
              </button>
            ))}
            <button type="button" className="button" onClick={() => setDeclined(relationship)}>
              {t('link.no')}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
