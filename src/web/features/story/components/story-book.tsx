import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { chapterTitle, memoryDateText, type StoryChapter, type StoryMemory } from '../../../../shared/story/index.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
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
  return (
    <div className="story-chapters">
      {chapters.map((chapter) => (
        <StoryChapterView key={chapter.id} title={chapterTitle(chapter, language)}>
          {chapter.memories.map((memory) => (
            <MemoryView key={memory.id} memory={memory} photos={photosOf(memory)} language={language} />
          ))}
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

function MemoryView({ memory, photos, language }: { memory: StoryMemory; photos: readonly StoryPhoto[]; language: string }) {
  const { t } = useTranslation('story')
  const date = memoryDateText(memory.eventDate, language)
  // An untitled memory is headed by its date, so the page still reads as a list of moments.
  const heading = memory.title || date
  return (
    <article className="story-memory">
      {heading && <h3 className="story-memory-title">{heading}</h3>}
      {memory.title && date && <p className="story-date">{date}</p>}
      <StoryExchanges exchanges={memory.exchanges} />
      <StoryPhotos photos={photos} unnamed={heading ? t('photoOf', { name: heading }) : t('photo')} />
    </article>
  )
}
