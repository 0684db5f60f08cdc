import { useContext, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member, Union } from '../../../../shared/contracts/family-tree.ts'
import { formatStoredDate, readStoredDate, toCalendarDate, type StoredGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import { parentKinds, type ParentKind } from '../../../../shared/family-tree/parent-kinds.ts'
import { useTreePeople } from '../lib/tree-people.ts'
import { genderLabelKey } from '../lib/gender-label.ts'
import { memberName } from '../lib/member-name.ts'
import { unionsOf } from '../lib/member-unions.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { MemberSourcesContext, type CitedLine } from './member-sources.ts'

interface MemberDetailsProps {
  member: Member
  membersById: ReadonlyMap<string, Member>
  /** The unions read with the member; without them, those the page knows. */
  unions?: readonly Union[]
}

/**
 * Dates and places (in the reader's words: "hacia 1920, Pasto"), gender, parents by kind, relatives
 * with each marriage's and divorce's date and place, biography, key moments and notes of one
 * member, and the notes of each of their couples, as far as known.
 */
export function MemberDetails(props: MemberDetailsProps) {
  return props.unions ? <MemberFacts {...props} unions={props.unions} /> : <MemberFactsOfPage {...props} />
}

/** Without unions of its own, the card's marriages come from those the page read. */
function MemberFactsOfPage(props: MemberDetailsProps) {
  return <MemberFacts {...props} unions={useTreePeople().unions} />
}

function MemberFacts({ member, membersById, unions }: MemberDetailsProps & { unions: readonly Union[] }) {
  const { t, i18n } = useTranslation('family-tree')
  const language = uiLanguageOf(i18n)
  const sources = useContext(MemberSourcesContext)
  // An exact day keeps its machine-readable form for assistive technology; other dates are words.
  const date = (value: StoredGenealogyDate | null, place = '') => {
    const words = formatStoredDate(value, language)
    const day = toCalendarDate(readStoredDate(value))
    const when = day ? <time dateTime={day}>{words}</time> : words
    if (!words) return place
    return place ? (
      <>
        {when}, {place}
      </>
    ) : (
      when
    )
  }
  const names = (ids: readonly string[]) =>
    ids
      .map((id) => membersById.get(id))
      .filter((relative) => relative !== undefined)
      .map(memberName)
      .join(', ')

  const kindOf = (child: Member | undefined, parentId: string): ParentKind => child?.parentLinks.find((link) => link.parentId === parentId)?.kind ?? 'birth'
  const facts: { key: string; label?: string; value: ReactNode; cited?: CitedLine }[] = []
  if (member.birthDate || member.birthPlace) facts.push({ key: 'birth', value: date(member.birthDate, member.birthPlace), cited: 'birth' })
  if (member.isDeceased) {
    facts.push({ key: 'death', value: member.deathDate || member.deathPlace ? date(member.deathDate, member.deathPlace) : t('card.deathDateUnknown'), cited: 'death' })
  }
  if (member.gender) facts.push({ key: 'gender', value: t(genderLabelKey[member.gender]) })
  // Parents by kind: "Padres biológicos: Pedro, María" and "Padres adoptivos: Luis". A member with
  // birth parents alone keeps the plain "Padres".
  const byKind = parentKinds.map((kind) => ({ kind, ids: member.parentMemberIds.filter((id) => kindOf(member, id) === kind) }))
  const hasOtherKinds = byKind.some(({ kind, ids }) => kind !== 'birth' && ids.length > 0)
  for (const { kind, ids } of byKind) {
    const parents = names(ids)
    if (!parents) continue
    if (kind === 'birth' && !hasOtherKinds) facts.push({ key: 'parents', value: parents })
    else facts.push({ key: `parents-${kind}`, label: t(`card.parentsBy.${kind}`), value: parents })
  }
  const childKindIn = (childId: string) =>
    unionsOf(member, unions)
      .flatMap(({ union }) => union.children)
      .find((child) => child.childId === childId)?.kind
  const marriages = unionsOf(member, unions)
    .map(({ union, spouseId }) => ({ union, spouse: spouseId === null ? undefined : membersById.get(spouseId) }))
    .filter(({ spouse }) => spouse !== undefined)
  // The spouse list as the server derives it, for a tree whose unions have not loaded (or no longer hold them).
  if (marriages.length === 0 && names(member.spouseMemberIds)) facts.push({ key: 'spouses', value: names(member.spouseMemberIds) })
  if (marriages.length > 0) {
    const value = marriages.map(({ union, spouse }, index) => {
      // A wedding's date or place says they married; without them, a word does: married, or partners.
      const divorce = date(union.divorceDate, union.divorcePlace)
      const when = date(union.marriageDate, union.marriagePlace) || (divorce ? null : t(union.isMarried ? 'card.married' : 'card.partners'))
      const events = [
        when,
        divorce ? (
          <>
            {t('card.divorce')} {divorce}
          </>
        ) : null,
      ].filter((event) => event)
      return (
        <span key={union.unionId} className="member-marriage">
          {index > 0 ? ', ' : null}
          {memberName(spouse!)}
          {events.length > 0 ? (
            <>
              {' ('}
              {events.map((event, at) => (
                <span key={at}>
                  {at > 0 ? '; ' : null}
                  {event}
                </span>
              ))}
              {')'}
            </>
          ) : null}
        </span>
      )
    })
    facts.push({ key: 'spouses', value })
  }
  // A child who is not the member's by birth says how: "Ana Ruiz (por adopción)".
  const children = member.childrenMemberIds
    .map((id) => membersById.get(id))
    .filter((child) => child !== undefined)
    .map((child) => {
      // A child known only by name (not read whole): the couple's union says how they are the member's.
      const kind = child.parentLinks.length > 0 ? kindOf(child, member.memberId) : (childKindIn(child.memberId) ?? 'birth')
      return kind === 'birth' ? memberName(child) : `${memberName(child)} (${t(`card.childKind.${kind}`)})`
    })
    .join(', ')
  if (children) facts.push({ key: 'children', value: children })

  return (
    <>
      {/* With the facts feature's lines the list may turn out empty: the style hides it then. */}
      {(facts.length > 0 || sources) && (
        <dl className="member-facts">
          {facts.map(({ key, label, value, cited }) => (
            <div key={key}>
              <dt>{label ?? t(`card.${key}`)}</dt>
              <dd>
                {value}
                {cited && sources?.cite(member, cited)}
              </dd>
            </div>
          ))}
          {sources?.heardLines(member)}
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
      {member.notes && (
        <div className="member-notes">
          <h4>{t('card.notes')}</h4>
          <p>{member.notes}</p>
        </div>
      )}
      {marriages
        .filter(({ union }) => union.notes)
        .map(({ union, spouse }) => (
          <div key={union.unionId} className="member-notes">
            <h4>{t('card.unionNotes', { name: memberName(spouse!) })}</h4>
            <p>{union.notes}</p>
          </div>
        ))}
    </>
  )
}
