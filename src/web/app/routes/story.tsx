import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { storyConversationsOf, storyWordsFor } from '../../../shared/story/index.ts'
import { ErrorBanner } from '../../components/ui/banner.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useMemberFacts } from '../../features/family-tree/api/family-tree-queries.ts'
import { isReaderFacts } from '../../features/family-tree/lib/reader-card.ts'
import { interviewSessionsQuery } from '../../features/interviews/api/interview-queries.ts'
import { memberMediaQuery } from '../../features/media/api/media-queries.ts'
import { RelativeStory } from '../../features/story/components/relative-story.tsx'
import { SharedMemories } from '../../features/story/components/shared-memories.tsx'
import { StoryToolbar } from '../../features/story/components/story-toolbar.tsx'
import { storyPhotosOf } from '../../features/story/lib/story-photos.ts'
import { ApiError } from '../../lib/api-client.ts'
import { useUiLanguage } from '../../lib/ui-language.ts'

/** /story/:memberId (docs/product.md#my-story): what the interviews told of one relative, and their photos. */
export function StoryRoute() {
  const { t } = useTranslation('story')
  const language = useUiLanguage()
  const words = storyWordsFor(language)
  const memberId = useParams().memberId?.trim() ?? ''
  // Only this relative, read by id: the tree may hold 100,000 people.
  const facts = useMemberFacts(memberId)
  const member = facts.data
  // The reader's own card leads to their own story; to anyone else the keeper's is a relative's.
  const isRelative = member !== undefined && !isReaderFacts(member)
  const sessions = useQuery({ ...interviewSessionsQuery(memberId), enabled: isRelative })
  const media = useQuery({ ...memberMediaQuery(memberId), enabled: isRelative })
  const name = member ? `${member.firstName} ${member.lastName}`.trim() : ''
  useDocumentTitle(name ? words.storyOf(name) : t('page.title'))

  // One's own story is the biography's, told in life stages.
  if (member && !isRelative) return <Navigate to="/my-story" replace />

  const failure = facts.error ?? sessions.error ?? media.error
  let content
  if (failure && !(member && sessions.data && media.data)) {
    const isMissing = failure instanceof ApiError && (failure.code === 'not_found' || failure.code === 'family_tree.no_tree')
    content = (
      <ErrorBanner>
        {isMissing ? t('notFound') : t('relativeLoadFailed')}{' '}
        {!isMissing && (
          <button type="button" className="button" onClick={() => void Promise.all([facts.refetch(), sessions.refetch(), media.refetch()])}>
            {t('retry')}
          </button>
        )}
      </ErrorBanner>
    )
  } else if (!member || !sessions.data || !media.data) {
    content = (
      <p className="page-status" role="status">
        {t('loading')}
      </p>
    )
  } else {
    // A recording belongs to its session; the relative's photos are every picture of theirs.
    const conversations = storyConversationsOf(sessions.data, () => [])
    content = (
      <>
        <RelativeStory name={name} conversations={conversations} photos={storyPhotosOf(media.data)} />
        <SharedMemories memberId={memberId} name={member.firstName || name} />
        {conversations.length === 0 && (
          <Link className="button button-primary" to={`/interview/${encodeURIComponent(memberId)}`}>
            {t('interview', { name: member.firstName || name })}
          </Link>
        )}
      </>
    )
  }

  return (
    <section className="page story-page" aria-labelledby="story-title">
      <header className="story-header">
        <h1 id="story-title">{name ? words.storyOf(name) : t('page.title')}</h1>
        {name && <p className="story-subtitle">{t('page.relativeIntro', { name: member?.firstName || name })}</p>}
      </header>
      <StoryToolbar back={{ to: '/family-tree', label: t('page.backToTree') }} />
      {content}
    </section>
  )
}
