import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { chapterTitle, memoryDateText, memoryHeadings, type StoryChapter, type StoryMemory } from '../../../../shared/story/index.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { foundItemId, foundItemProps, useFoundItem } from '../../../lib/use-found-item.ts'
import { StoryExchanges, StoryPhotos, type StoryPhoto } from './story-parts.tsx'
import './story.css'

interface StoryBookProps {
  chapters: readonly StoryChapter<StoryMemory>[]
  /** A memory's photos, in the order to show them. */
  photosOf: (memory: StoryMemory) => readonly StoryPhoto[]
}

/** The person's memories as chapters of a life (docs/product.md#my-story), each memory as prose. */
export function StoryBook({ chapters, photosOf }: StoryBookProps) {
  const language = useUiLanguage()
  // A link to one memory (a search result, a day's memory) opens the book on it.
  const found = useFoundItem(true)
  return (
    <div className="story-chapters">
      {chapters.map((chapter) => (
        <StoryChapterView key={chapter.id} title={chapterTitle(chapter, language)}>
          {memoryHeadings(chapter.memories, (memory) => memoryDateText(memory.eventDate, language)).map(({ heading, date }, index) => {
            const memory = chapter.memories[index]!
            return <MemoryView key={memory.id} memory={memory} heading={heading} date={date} photos={photosOf(memory)} found={found} />
          })}
        </StoryChapterView>
      ))}
    </div>
  )
}

function StoryChapterView({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section className="story-chapter" aria-labelledby={headingId}>
      <h2 id={headingId} className="story-chapter-title">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** One memory under the heading and date line `memoryHeadings` gave it. */
function MemoryView({ memory, heading, date, photos, found }: { memory: StoryMemory; heading: string; date: string; photos: readonly StoryPhoto[]; found: string | undefined }) {
  const { t } = useTranslation('story')
  return (
    <article {...foundItemProps(foundItemId('memory', memory.id), found, 'story-memory')}>
      {heading && <h3 className="story-memory-title">{heading}</h3>}
      {date && <p className="story-date">{date}</p>}
      <StoryExchanges exchanges={memory.exchanges} />
      <StoryPhotos photos={photos} unnamed={heading ? t('photoOf', { name: heading }) : t('photo')} />
    </article>
  )
}
