import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Mention, Star } from '../../../../shared/contracts/constellations.ts'
import { formatCalendarDate } from '../../../lib/format-dates.ts'

/** The chosen star and what mentions it, each opening where it lives. Takes the focus when a star is chosen. */
export function ChosenStar({ star, mentions }: { star: Star; mentions: ReadonlyMap<string, Mention> }) {
  const { t, i18n } = useTranslation('ai-lab')
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [star.id])
  const told = star.mentionKeys.map((key) => mentions.get(key)).filter((mention) => mention !== undefined)
  return (
    <section className="chosen-star" aria-labelledby="chosen-star-title">
      <h3 id="chosen-star-title" ref={headingRef} tabIndex={-1}>
        {star.label} <span className="chosen-star-kind">({t(`constellations.kinds.${star.kind}`)})</span>
      </h3>
      <p>{t('constellations.chosen.intro', { count: told.length })}</p>
      <ul className="chosen-star-mentions">
        {told.map((mention) => (
          <li key={mention.key}>
            <Link to={mention.path}>{mention.title || t(`constellations.mentionKinds.${mention.kind}`)}</Link>
            <span className="chosen-star-meta">
              {' '}
              {t(`constellations.mentionKinds.${mention.kind}`)}
              {mention.date ? `, ${formatCalendarDate(mention.date, i18n.language)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
