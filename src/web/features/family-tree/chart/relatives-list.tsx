import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { coupleKey } from './chart-links.ts'
import { relativesOf, type FamilyIndex, type Relatives } from './family-index.ts'
import { personLabel, personName } from './person-label.ts'
import { useIsReaderCard } from '../lib/tree-access.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

interface RelativesListProps {
  index: FamilyIndex<Member>
  centre: Member
  /** Couples who divorced, by `coupleKey`: said beside the partner. */
  divorced: ReadonlySet<string>
  /** Couples who married, by `coupleKey`: said beside the partner, unless they divorced. */
  married?: ReadonlySet<string>
  onRecentre: (memberId: string) => void
}

const groups: Exclude<keyof Relatives, 'kinds'>[] = ['parents', 'partners', 'siblings', 'children']

/**
 * The centre person's closest family as plain lists of buttons: the chart without the drawing,
 * for screen readers and small screens, and the way to reach siblings.
 */
export function RelativesList({ index, centre, divorced, married, onRecentre }: RelativesListProps) {
  const { t, i18n } = useTranslation('family-chart')
  const language = uiLanguageOf(i18n)
  const summaryRef = useRef<HTMLElement>(null)
  const focusSummary = useRef(false)
  const relatives = relativesOf(index, centre.memberId)
  const isYou = useIsReaderCard()

  // The chosen button is gone once its person is in the centre: focus the renamed summary instead.
  useEffect(() => {
    if (!focusSummary.current) return
    focusSummary.current = false
    summaryRef.current?.focus()
  }, [centre.memberId])

  function handleChoose(memberId: string) {
    focusSummary.current = true
    onRecentre(memberId)
  }

  return (
    <details className="family-chart-relatives">
      <summary ref={summaryRef}>{t('relatives.summary', { name: personName(centre) })}</summary>
      <dl>
        {groups.map((group) => (
          <div key={group} className="family-chart-relatives-group">
            <dt>{t(`relatives.${group}`)}</dt>
            {relatives[group].length === 0 ? (
              <dd className="family-chart-relatives-none">{t('relatives.none')}</dd>
            ) : (
              relatives[group].map((memberId) => {
                const member = index.members.get(memberId)!
                return (
                  <dd key={memberId}>
                    <button type="button" className="family-chart-relative" onClick={() => handleChoose(memberId)}>
                      {personLabel(t, member, language, isYou(member))}
                      {(group === 'parents' || group === 'children') && relatives.kinds.has(memberId) ? ` (${t(`relatives.kind.${relatives.kinds.get(memberId)!}`)})` : null}
                      {group === 'partners' && divorced.has(coupleKey(centre.memberId, memberId))
                        ? ` (${t('relatives.divorced')})`
                        : group === 'partners' && married?.has(coupleKey(centre.memberId, memberId))
                          ? ` (${t('relatives.married')})`
                          : null}
                    </button>
                  </dd>
                )
              })
            )}
          </div>
        ))}
      </dl>
    </details>
  )
}
