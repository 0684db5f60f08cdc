import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { SharedMemory } from '../../../../shared/contracts/family-circle.ts'
import { asStoredDateOrNull, formatStoredDate } from '../../../../shared/genealogy-date/index.ts'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { sharedMemoriesQuery } from '../api/shared-memories-query.ts'
import './story.css'

/**
 * «Lo que compartió» (docs/product.md#family-tree): the memories and AI-lab stories the person
 * shared with the tree, and memories shared about them, newest first. Nothing shows while there
 * is nothing to show, so a page without any reads as before.
 */
export function SharedMemories({ memberId, name }: { memberId: string; name: string }) {
  const { t } = useTranslation('story')
  const shared = useQuery(sharedMemoriesQuery(memberId))
  const headingId = useId()
  if (shared.isError) return <p className="shared-memories-failed">{t('shared.loadFailed')}</p>
  if (!shared.data || shared.data.length === 0) return null
  return (
    <section className="shared-memories" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('shared.title', { name })}</h2>
      <ul className="shared-memories-list">
        {shared.data.map((memory) => (
          <li key={`${memory.kind}-${memory.id}`}>
            <SharedMemoryItem memory={memory} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function SharedMemoryItem({ memory }: { memory: SharedMemory }) {
  const { t } = useTranslation('story')
  const language = useUiLanguage()
  const headingId = useId()
  const eventDate = asStoredDateOrNull(memory.eventDate)
  const title = memory.title || (memory.kind === 'story' ? t('shared.story') : t('shared.memory'))
  return (
    <article className="shared-memory card" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className="shared-memory-byline">
        {t('shared.byline', { author: memory.authorName })} · <time dateTime={memory.sharedAt}>{formatDateTime(memory.sharedAt, language)}</time>
        {eventDate && <> · {formatStoredDate(eventDate, language)}</>}
      </p>
      <p className="shared-memory-text">{memory.text}</p>
      {memory.variation && (
        <>
          <h4>{t('shared.variation')}</h4>
          <p className="shared-memory-text">{memory.variation}</p>
        </>
      )}
      {memory.mediaAssetIds.length > 0 && (
        <ul className="shared-memory-files" aria-label={t('shared.files', { title })}>
          {memory.mediaAssetIds.map((id, index) => (
            <li key={id}>
              <a href={`/api/media/${encodeURIComponent(id)}/content`}>{t('shared.file', { number: index + 1 })}</a>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
