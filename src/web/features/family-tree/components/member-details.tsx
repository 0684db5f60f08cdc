import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { formatCalendarDate } from '../../../lib/format-dates.ts'
import { genderLabelKey } from '../lib/gender-label.ts'
import { memberName } from '../lib/member-name.ts'

interface MemberDetailsProps {
  member: Member
  membersById: ReadonlyMap<string, Member>
}

/** Dates, gender, relatives, biography and key moments of one member, as far as they are known. */
export function MemberDetails({ member, membersById }: MemberDetailsProps) {
  const { t, i18n } = useTranslation('family-tree')
  const language = i18n.resolvedLanguage ?? i18n.language
  const date = (value: string) => <time dateTime={value}>{formatCalendarDate(value, language)}</time>
  const names = (ids: readonly string[]) =>
    ids
      .map((id) => membersById.get(id))
      .filter((relative) => relative !== undefined)
      .map(memberName)
      .join(', ')

  const facts: { key: string; value: ReactNode }[] = []
  if (member.birthDate) facts.push({ key: 'birth', value: date(member.birthDate) })
  if (member.isDeceased) facts.push({ key: 'death', value: member.deathDate ? date(member.deathDate) : t('card.deathDateUnknown') })
  if (member.gender) facts.push({ key: 'gender', value: t(genderLabelKey[member.gender]) })
  for (const [key, ids] of [
    ['parents', member.parentMemberIds],
    ['spouses', member.spouseMemberIds],
    ['children', member.childrenMemberIds],
  ] as const) {
    const text = names(ids)
    if (text) facts.push({ key, value: text })
  }

  return (
    <>
      {facts.length > 0 && (
        <dl className="member-facts">
          {facts.map(({ key, value }) => (
            <div key={key}>
              <dt>{t(`card.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {member.bioSummary && <p className="member-bio">{member.bioSummary}</p>}
      {member.keyLifeEvents.length > 0 && (
        <div className="member-events">
          <h4>{t('card.keyLifeEvents')}</h4>
          <ul>
            {member.keyLifeEvents.map((event, index) => (
              <li key={index}>{event}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
