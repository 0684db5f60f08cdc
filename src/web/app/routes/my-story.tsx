import { useQueries } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { asStoredDateOrNull } from '../../../shared/genealogy-date/index.ts'
import { chaptersOfLife, storyMemoryOf, storyWordsFor, type StoryMemory } from '../../../shared/story/index.ts'
import { ErrorBanner } from '../../components/ui/banner.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { useBiographyEntries } from '../../features/biography/api/biography-queries.ts'
import { useMemberFacts } from '../../features/family-tree/api/family-tree-queries.ts'
import { entryMediaQuery } from '../../features/media/api/media-queries.ts'
import { StoryBook } from '../../features/story/components/story-book.tsx'
import { StoryToolbar } from '../../features/story/components/story-toolbar.tsx'
import { storyPhotosOf } from '../../features/story/lib/story-photos.ts'
import { useUiLanguage } from '../../lib/ui-language.ts'

/** /my-story (docs/product.md#my-story): the person's memories read back as a story, by the stages of their life. */
export function MyStoryRoute() {
  const { t } = useTranslation('story')
  const language = useUiLanguage()
  useDocumentTitle(t('page.title'))
  const entries = useBiographyEntries()
  const session = useSession()
  // The memories' subject is the self member: their birth date places each memory in a stage of
  // life; the account's own birth date stands in when there is no such member.
  const subjectId = entries.data?.find((entry) => entry.subjectMemberId)?.subjectMemberId ?? ''
  const subject = useMemberFacts(subjectId)
  const withMedia = (entries.data ?? []).filter((entry) => entry.mediaAssetIds.length > 0)
  const media = useQueries({ queries: withMedia.map((entry) => entryMediaQuery(entry.id)) })
  const mediaByEntry = new Map(withMedia.map((entry, index) => [entry.id, media[index]?.data]))

  const author = (subject.data ? `${subject.data.firstName} ${subject.data.lastName}`.trim() : '') || session.data?.displayName || ''
  const isWaitingForSubject = subjectId !== '' && subject.isPending
  let content
  if (entries.isError) {
    content = (
      <ErrorBanner>
        {t('loadFailed')}{' '}
        <button type="button" className="button" onClick={() => void entries.refetch()}>
          {t('retry')}
        </button>
      </ErrorBanner>
    )
  } else if (!entries.data || isWaitingForSubject) {
    content = (
      <p className="page-status" role="status">
        {t('loading')}
      </p>
    )
  } else if (entries.data.length === 0) {
    content = (
      <p className="story-empty">
        {t('empty')} <Link to="/my-biography">{t('talkToCronos')}</Link>
      </p>
    )
  } else {
    const birthDate = subject.data?.birthDate ?? asStoredDateOrNull(session.data?.birthDate ?? null)
    const memories = entries.data.map((entry) => storyMemoryOf(entry, entry.mediaAssetIds))
    const photosOf = (memory: StoryMemory) => storyPhotosOf(mediaByEntry.get(memory.id))
    content = <StoryBook chapters={chaptersOfLife(memories, birthDate)} photosOf={photosOf} />
  }

  return (
    <section className="page story-page" aria-labelledby="my-story-title">
      <header className="story-header">
        <h1 id="my-story-title">{storyWordsFor(language).myStory}</h1>
        {/* Whose story it is, for the printed copy above all: the export's file says it too. */}
        {author && <p className="story-author">{author}</p>}
        <p className="story-subtitle">{t('page.intro')}</p>
      </header>
      <StoryToolbar back={{ to: '/my-biography', label: t('page.back') }} />
      {content}
    </section>
  )
}
