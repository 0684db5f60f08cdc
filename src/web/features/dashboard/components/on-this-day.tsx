import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OnThisDay as Day } from '../../../../shared/contracts/timeline.ts'
import { isUnknownNamePart } from '../../../../shared/family-tree/unknown-name.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import './dashboard-panel.css'
import { foundItemId } from '../../../lib/use-found-item.ts'
import './on-this-day.css'

type Coming = Day['coming'][number]

const nameOf = ({ firstName, lastName }: { firstName: string; lastName: string }) => (isUnknownNamePart(lastName) ? firstName : `${firstName} ${lastName}`.trim())

/** "el jueves 2 de enero": a day of the coming fortnight, its weekday first. */
function dayWords(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)))
}

function ComingLine({ item }: { item: Coming }) {
  const { t, i18n } = useTranslation('dashboard')
  const name = nameOf(item.person)
  const when = item.inDays === 0 ? t('onThisDay.today') : item.inDays === 1 ? t('onThisDay.tomorrow') : t('onThisDay.onDay', { day: dayWords(item.date, uiLanguageOf(i18n)) })
  const tense = item.isLiving ? 'living' : 'remembered'
  const text =
    item.kind === 'birthday'
      ? t(`onThisDay.birthday.${tense}`, { name, count: item.years, when })
      : t(`onThisDay.anniversary.${tense}`, { name, partner: item.partner ? nameOf(item.partner) : t('onThisDay.partner'), count: item.years, when })
  return (
    <li className="on-this-day-item">
      <span>{text}</span> <Link to={`/timeline/${encodeURIComponent(item.person.memberId)}`}>{t('onThisDay.openTimeline', { name: item.person.firstName || name })}</Link>
    </li>
  )
}

/**
 * «Tal día como hoy» (docs/product.md#on-this-day): the reader's memories and dreams of this day
 * in earlier years, and the birthdays and anniversaries of the coming fortnight, the living and
 * the remembered. Calm when there is nothing; nothing at all while it loads or if it cannot.
 */
export function OnThisDay({ day }: { day: Day | undefined }) {
  const { t } = useTranslation('dashboard')
  // Its place is kept while it loads (see RecentActivity): the tiles below stay where they are.
  if (!day)
    return (
      <section className="dashboard-panel on-this-day" aria-labelledby="on-this-day-title" aria-busy="true">
        <h2 id="on-this-day-title">{t('onThisDay.title')}</h2>
        <div className="dashboard-panel-waiting" aria-hidden="true">
          <p className="on-this-day-empty">{t('onThisDay.empty')}</p>
        </div>
      </section>
    )
  const isEmpty = day.memories.length === 0 && day.coming.length === 0
  return (
    <section className="dashboard-panel on-this-day" aria-labelledby="on-this-day-title">
      <h2 id="on-this-day-title">{t('onThisDay.title')}</h2>
      {isEmpty && <p className="on-this-day-empty">{t('onThisDay.empty')}</p>}
      {day.memories.length > 0 && (
        <ul className="on-this-day-list" aria-label={t('onThisDay.memoriesLabel')}>
          {day.memories.map((memory) => (
            <li key={`${memory.kind}-${memory.id}`} className="on-this-day-item">
              <span>{t(`onThisDay.${memory.kind}`, { count: memory.yearsAgo, title: memory.title })}</span>{' '}
              <Link to={`${memory.kind === 'dream' ? '/my-dreams' : '/my-story'}#${foundItemId(memory.kind === 'dream' ? 'dream' : 'memory', memory.id)}`}>
                {t(memory.kind === 'dream' ? 'onThisDay.openDreams' : 'onThisDay.openStory')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {day.coming.length > 0 && (
        <>
          <h3 className="on-this-day-subtitle">{t('onThisDay.comingTitle')}</h3>
          <ul className="on-this-day-list">
            {day.coming.map((item) => (
              <ComingLine key={`${item.kind}-${item.person.memberId}-${item.partner?.memberId ?? ''}`} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
