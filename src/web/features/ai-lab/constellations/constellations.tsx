import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Constellation, Star } from '../../../../shared/contracts/constellations.ts'
import { useConstellation } from '../api/constellation-queries.ts'
import { ChosenStar } from './chosen-star.tsx'
import { ConstellationSky } from './constellation-sky.tsx'
import { layOutStars, type PlacedStar } from './star-layout.ts'
import { StarList } from './star-list.tsx'
import './constellations.css'

/** The stars laid out off the critical path: null while the layout of this sky runs. */
function usePlacedStars(sky: Constellation | undefined): PlacedStar[] | null {
  const [layout, setLayout] = useState<{ of: Constellation; placed: PlacedStar[] } | null>(null)
  useEffect(() => {
    if (!sky) return
    const stop = new AbortController()
    void layOutStars(sky.stars, sky.links, { signal: stop.signal }).then((placed) => {
      // Drawn in a transition: React renders 500 stars in slices, leaving the main thread in between.
      if (placed) startTransition(() => setLayout({ of: sky, placed }))
    })
    return () => stop.abort()
  }, [sky])
  return layout && layout.of === sky ? layout.placed : null
}

/** The legend tells the kinds apart by shape and word, not by colour alone. */
function Legend() {
  const { t } = useTranslation('ai-lab')
  return (
    <ul className="sky-legend">
      {(['person', 'place', 'year'] as const).map((kind) => (
        <li key={kind}>
          <span className={`star-key star-key-${kind}`} aria-hidden="true" /> {t(`constellations.groups.${kind}`)}
        </li>
      ))}
    </ul>
  )
}

/**
 * The AI lab's Constellations (docs/product.md#ai-lab): the people, places and years that recur in
 * what the person told, as a sky and as a list; choosing a star lists what mentions it. Needs no
 * model: it works the same in the guided mode.
 */
export function Constellations() {
  const { t } = useTranslation('ai-lab')
  const query = useConstellation()
  // The list and the sky of a big account are drawn in the background, a slice at a time.
  const sky = useDeferredValue(query.data)
  const placed = usePlacedStars(sky)
  const [chosenId, setChosenId] = useState<string | null>(null)
  const choose = useCallback((star: Star) => setChosenId(star.id), [])
  const mentions = useMemo(() => new Map(sky?.mentions.map((mention) => [mention.key, mention])), [sky])
  const chosen = sky?.stars.find((star) => star.id === chosenId)

  let content
  if (query.isError) content = <p role="alert">{t('constellations.error')}</p>
  else if (!sky) content = <p className="lab-waiting">{t('constellations.loading')}</p>
  else if (sky.stars.length === 0)
    content = (
      <p className="lab-empty">
        {t(sky.toldCount === 0 ? 'constellations.empty.nothing' : 'constellations.empty.few')} <Link to="/my-biography">{t('constellations.empty.tell')}</Link>
      </p>
    )
  else
    content = (
      <div className="constellation">
        <div className="constellation-sky">
          <p id="sky-keys" className="lab-note">
            {t('constellations.sky.keys')}
          </p>
          {placed ? (
            <ConstellationSky placed={placed} links={sky.links} chosenId={chosenId} onChoose={choose} />
          ) : (
            <p className="lab-waiting sky-drawing">{t('constellations.sky.drawing')}</p>
          )}
          <Legend />
          {chosen && <ChosenStar star={chosen} mentions={mentions} />}
        </div>
        <StarList stars={sky.stars} chosenId={chosenId} onChoose={choose} />
      </div>
    )

  return (
    <section aria-labelledby="constellations-title" className="lab-section">
      <h2 id="constellations-title">{t('constellations.title')}</h2>
      <p>{t('constellations.body')}</p>
      {content}
    </section>
  )
}
