import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { TimelineEvent as Event } from '../../../../shared/contracts/timeline.ts'
import { formatStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { isUnknownNamePart } from '../../../../shared/family-tree/unknown-name.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { foundItemId } from '../../../lib/use-found-item.ts'
import './timeline.css'

const nameOf = ({ firstName, lastName }: { firstName: string; lastName: string }) => (isUnknownNamePart(lastName) ? firstName : `${firstName} ${lastName}`.trim())

/** Where an event opens: the card, the relative's own timeline, the memory, the interview, the photo. */
function placeOf(event: Event): { to: string; isFile?: boolean } {
  const member = encodeURIComponent(event.person.memberId)
  switch (event.kind) {
    case 'marriage':
    case 'child':
      return event.relative ? { to: `/timeline/${encodeURIComponent(event.relative.memberId)}` } : { to: `/family-tree?member=${member}` }
    case 'memory':
      if (event.authorName !== null) return { to: `/story/${member}` }
      return { to: event.targetId ? `/my-story#${foundItemId('memory', event.targetId)}` : '/my-story' }
    case 'interview':
      return { to: `/interview/${member}` }
    case 'photo':
      return { to: `/api/media/${encodeURIComponent(event.targetId ?? '')}/content`, isFile: true }
    default:
      return { to: `/family-tree?member=${member}` }
  }
}

/**
 * One moment of a life: its date in the reader's language («hacia 1920»), said to be approximate
 * when it is, the age then, what happened, and a link to where it lives. `showPerson` names whose
 * life it is (the family's timeline).
 */
export function TimelineEvent({ event, showPerson = false }: { event: Event; showPerson?: boolean }) {
  const { t, i18n } = useTranslation('timeline')
  const language = uiLanguageOf(i18n)
  const date = formatStoredDate(event.date, language)
  const relative = event.relative ? nameOf(event.relative) : ''
  const what = t(`kind.${event.kind}`, { relative, context: relative ? 'named' : undefined })
  // On the family's timeline each moment leads to the life it belongs to.
  const place = showPerson ? { to: `/timeline/${encodeURIComponent(event.person.memberId)}` } : placeOf(event)
  const linkText = showPerson ? t('open.life', { name: nameOf(event.person) }) : t(`open.${event.kind}`, { name: relative || event.person.firstName || nameOf(event.person) })
  return (
    <li className={`timeline-event timeline-event-${event.kind}`}>
      {/* An undated moment sits under «Sin fecha» already. */}
      {date && (
        <p className="timeline-when">
          <span className="timeline-date">{date}</span>
          {event.isApproximate && <span className="timeline-approximate">{t('approximate')}</span>}
          {event.age && <span className="timeline-age">{t(event.age.isApproximate ? 'ageAbout' : 'age', { count: event.age.years })}</span>}
        </p>
      )}
      <div className="timeline-body">
        {showPerson && <p className="timeline-person">{nameOf(event.person)}</p>}
        <p className="timeline-what">
          {what}
          {event.place && ` ${t('place', { place: event.place })}`}
        </p>
        {event.authorName && <p className="timeline-author">{t('sharedBy', { name: event.authorName })}</p>}
        {event.thumbnailURL && (
          <img className="timeline-photo" src={event.thumbnailURL} alt={event.title || t('photoOf', { name: nameOf(event.person) })} loading="lazy" decoding="async" />
        )}
        {event.title && <p className="timeline-title">{event.title}</p>}
        {place.isFile ? (
          <a href={place.to} className="timeline-open">
            {linkText}
          </a>
        ) : (
          <Link to={place.to} className="timeline-open">
            {linkText}
          </Link>
        )}
      </div>
    </li>
  )
}

/** A list of moments, dated ones as an ordered line, the undated under their own heading. */
export function TimelineList({ events, label, showPerson }: { events: readonly Event[]; label: string; showPerson?: boolean }) {
  return (
    <ol className="timeline-list" aria-label={label}>
      {events.map((event) => (
        <TimelineEvent key={event.id} event={event} {...(showPerson ? { showPerson } : {})} />
      ))}
    </ol>
  )
}
