import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { mayChangeItem, roleMay } from '../../../shared/family-tree/roles.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { useActiveTreeRole } from '../../features/family-tree/api/circle-queries.ts'
import { useMemberFacts, useRefetchFamilyTree } from '../../features/family-tree/api/family-tree-queries.ts'
import { useRefreshFacts } from '../../features/facts/api/fact-queries.ts'
import { HeardFacts } from '../../features/facts/components/heard-facts.tsx'
import { UnknownFacts } from '../../features/facts/components/unknown-facts.tsx'
import { InterviewChat } from '../../features/interviews/components/interview-chat.tsx'
import { InterviewHeader } from '../../features/interviews/components/interview-header.tsx'
import { InterviewHistory, type RecordingLookup } from '../../features/interviews/components/interview-history.tsx'
import { InterviewProblem } from '../../features/interviews/components/interview-problem.tsx'
import { problemOfError, type InterviewProblemKind } from '../../features/interviews/lib/interview-problem.ts'
import type { RecordingStore } from '../../features/interviews/lib/use-interview-recording.ts'
import { linkMedia, memberMediaQuery, useDeleteMedia, useRefreshMedia } from '../../features/media/api/media-queries.ts'
import { uploadMediaFile } from '../../features/media/lib/upload-media-file.ts'

/** /interview/:memberId (docs/product.md#interview): Ana interviews the person about a relative from their tree. */
export function InterviewRoute() {
  const { t } = useTranslation('interviews')
  const memberId = useParams().memberId?.trim() ?? ''
  // Only this relative, read by id: the whole tree may hold 100,000 people and is not shown here.
  const facts = useMemberFacts(memberId)
  const member = facts.data
  // ── Role ── in a shared tree, a contributor changes what they told, an editor anything; the
  // server refuses the rest anyway, this only hides it.
  const role = useActiveTreeRole() ?? 'owner'
  const userId = useSession().data?.id
  // The keeper's own card is the keeper's biography; to a relative reading the tree (who is told
  // how the card stands to them) it is a person to tell Ana about like any other.
  const canInterview = member !== undefined && (member.relationToReader !== undefined || !isSelfMember(member))
  // The relative's files: their first photo for the header, and the recordings of the interviews
  // (a recording uploaded to a session is linked to its member too).
  const media = useQuery({ ...memberMediaQuery(memberId), enabled: canInterview })
  const refreshMedia = useRefreshMedia()
  const refreshFacts = useRefreshFacts()
  const refetchTree = useRefetchFamilyTree()
  const deleteMedia = useDeleteMedia()
  const name = member ? `${member.firstName} ${member.lastName}`.trim() : ''
  useDocumentTitle(name ? t('page.titleAbout', { name }) : t('page.title'))

  // A relative already shown stays, even if refetching them failed later.
  let problem: InterviewProblemKind | undefined
  if (!memberId) problem = 'noMember'
  else if (member) {
    if (!canInterview) problem = 'self'
  } else if (facts.isError) problem = problemOfError(facts.error)
  else problem = 'loading'

  if (problem || !member) {
    return (
      <section className="page interview-page" aria-labelledby="interview-title">
        <h1 id="interview-title">{t('page.title')}</h1>
        <InterviewProblem problem={problem ?? 'loading'} onRetry={() => void facts.refetch()} isRetrying={facts.isFetching} />
      </section>
    )
  }

  const photo = media.data?.find((asset) => asset.contentType.startsWith('image/'))
  // ── Recording store ── the voice of an answer, sent with tus (features/media) to the member the
  // moment it stops, so leaving the page loses nothing; then added to the session its answer was
  // saved in (the server links a session's files to its member too).
  const keepRecording: RecordingStore = {
    keep: async (recording, onProgress) => {
      const type = recording.type || 'audio/webm'
      const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm'
      const file = new File([recording], `${t('page.recordingFileName')}-${new Date().toISOString().slice(0, 10)}.${extension}`, { type })
      const outcome = await uploadMediaFile({ file, linkedToType: 'member', linkedToId: member.memberId }, onProgress)
      if (outcome.type !== 'done' || !outcome.mediaId) return null
      refreshMedia()
      return outcome.mediaId
    },
    attach: async (mediaId, sessionId) => {
      await linkMedia(mediaId, { linkedToType: 'interviewSession', linkedToId: sessionId })
      return true
    },
    discard: async (mediaId) => void (await deleteMedia.mutateAsync(mediaId)),
  }

  // ── Recordings ── each session's voice, played from the media feature's files.
  const recordings: RecordingLookup = {
    find: (assetId) => media.data?.find((asset) => asset.id === assetId),
    isLoading: media.isPending,
  }

  // ── Heard facts ── what Ana heard, read again once each exchange is saved with its recording
  // (the server answers when that answer's proposals are made); accepting one changes the tree.
  const firstName = member.firstName || name
  const handleSaved = () => {
    refreshMedia()
    void refreshFacts(member.memberId)
  }

  return (
    <section className="page interview-page" aria-labelledby="interview-title">
      <InterviewHeader titleId="interview-title" person={member} photoURL={photo ? (photo.thumbnailURL ?? photo.downloadURL) : null} />
      {/* ── Chat ── keyed by the member, so a conversation never carries over to another relative. */}
      {roleMay(role, 'content.add') ? (
        <InterviewChat key={member.memberId} memberId={member.memberId} memberName={firstName} recordings={keepRecording} onSaved={handleSaved} />
      ) : (
        <p className="interview-read-only">{t('page.readOnly', { name: firstName })}</p>
      )}
      {/* Everyone in the tree reads what was heard; those who edit it decide what goes into it. */}
      <HeardFacts
        key={`heard-${member.memberId}`}
        memberId={member.memberId}
        name={firstName}
        subject="other"
        readerUserId={userId}
        mayDecide={roleMay(role, 'tree.edit')}
        onTreeChanged={refetchTree}
      />
      {roleMay(role, 'content.add') && <UnknownFacts memberId={member.memberId} name={firstName} subject="other" />}
      <InterviewHistory
        memberId={member.memberId}
        memberName={firstName}
        recordings={recordings}
        onDeleted={refreshMedia}
        mayChange={(session) => (userId === undefined ? roleMay(role, 'content.change-any') : mayChangeItem(role, userId, session.authorUserId, session.ownerUserId))}
      />
    </section>
  )
}
