import type { StoryExchange } from '../../../../shared/story/index.ts'

/** A photo of the story, already resolved to where the browser fetches it. */
export interface StoryPhoto {
  id: string
  src: string
  caption: string
}

/** The person's words, each under the question it answered (small) when that is known. */
export function StoryExchanges({ exchanges }: { exchanges: readonly StoryExchange[] }) {
  return (
    <div className="story-exchanges">
      {exchanges.map((exchange, index) => (
        <div key={index} className="story-exchange">
          {exchange.question && <p className="story-question">{exchange.question}</p>}
          {exchange.answer
            .split(/\n+/)
            .filter((line) => line.trim() !== '')
            .map((line, lineIndex) => (
              <p key={lineIndex} className="story-answer">
                {line}
              </p>
            ))}
        </div>
      ))}
    </div>
  )
}

/**
 * Photos with their captions. A captioned photo is named by its caption alone (the image itself
 * says nothing more to a screen reader); one without is named by `unnamed`.
 */
export function StoryPhotos({ photos, unnamed }: { photos: readonly StoryPhoto[]; unnamed: string }) {
  if (photos.length === 0) return null
  return (
    <div className="story-photos">
      {photos.map((photo) => (
        <figure key={photo.id} className="story-photo">
          <img src={photo.src} alt={photo.caption ? '' : unnamed} loading="lazy" />
          {photo.caption && <figcaption>{photo.caption}</figcaption>}
        </figure>
      ))}
    </div>
  )
}
