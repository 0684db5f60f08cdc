import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { InterviewSession } from '../../../../shared/contracts/interviews.ts'
import { conversationTitle, groupByConversation } from '../../../../shared/chat/conversations.ts'
import { ConversationHeading } from '../../../components/chat/conversation-heading.tsx'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { formatDateTime } from '../../../lib/format-dates.ts'
import { useCorrectInterviewAnswer, useDeleteInterviewSession, useInterviewSessions, useRenameInterviewConversation } from '../api/interview-queries.ts'
import { problemOfError } from '../lib/interview-problem.ts'
import { InterviewSessionItem, type RecordingLookup } from './interview-session-item.tsx'
import './interview-history.css'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

export type { RecordingLookup, RecordingSource } from './interview-session-item.tsx'

interface InterviewHistoryProps {
  memberId: string
  /** How the empty list names the relative: "Carmen". */
  memberName: string
  /** Where each session's recordings are played from; without it they show as unavailable. */
  recordings?: RecordingLookup
  /** After a session and its recordings were deleted, e.g. to refresh the lists of media. */
  onDeleted?: (session: InterviewSession) => void
  /**
   * Whether the reader may correct, delete and name what was told (by default all of it, in a
   * tree of one's own): in a shared tree, an editor anything, a contributor what they told.
   */
  mayChange?: (session: InterviewSession) => boolean
}

/**
 * The earlier interviews about a relative, oldest first (docs/product.md#interview): one per
 * conversation (a sitting), under its title, each answer below the question it answers; an answer
 * can be corrected or deleted.
 */
export function InterviewHistory({ memberId, memberName, recordings, onDeleted, mayChange = () => true }: InterviewHistoryProps) {
  const { t, i18n } = useTranslation('interviews')
  const language = uiLanguageOf(i18n)
  const sessions = useInterviewSessions(memberId)
  const deleteSession = useDeleteInterviewSession()
  const correctAnswer = useCorrectInterviewAnswer()
  const renameConversation = useRenameInterviewConversation()
  const [sessionToDelete, setSessionToDelete] = useState<InterviewSession>()
  const [announcement, setAnnouncement] = useState('')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const deletedId = useRef<string>(undefined)
  const headingId = useId()
  const dateOf = (session: InterviewSession) => formatDateTime(session.timestamp, language)

  // The deleted session's button is gone, so focus lands on the list's heading: once the dialog
  // has closed (it gives focus back first) and the session has left the list.
  useEffect(() => {
    if (!deletedId.current || sessionToDelete || sessions.data?.some((session) => session.id === deletedId.current)) return
    deletedId.current = undefined
    headingRef.current?.focus()
  }, [sessionToDelete, sessions.data])

  function handleDeleteRequest(session: InterviewSession) {
    deleteSession.reset()
    setSessionToDelete(session)
  }

  function handleDeleteCancel() {
    setSessionToDelete(undefined)
    deleteSession.reset()
  }

  function handleDeleteConfirm() {
    const session = sessionToDelete
    if (!session) return
    deleteSession.mutate(session.id, {
      onSuccess: () => {
        deletedId.current = session.id
        setSessionToDelete(undefined)
        setAnnouncement(t('history.deleted', { date: dateOf(session) }))
        onDeleted?.(session)
      },
    })
  }

  function deleteDescription(session: InterviewSession) {
    const count = session.mediaAssetIds.length
    const date = dateOf(session)
    return count > 0 ? t('deleteSession.descriptionWithRecordings', { date, count }) : t('deleteSession.description', { date })
  }

  let content: ReactNode
  if (sessions.data && sessions.data.length > 0) {
    const item = (session: InterviewSession) => (
      <InterviewSessionItem
        session={session}
        dateText={dateOf(session)}
        recordings={recordings}
        {...(mayChange(session) && {
          onCorrect: async (chosen: InterviewSession, answer: string) => {
            await correctAnswer.mutateAsync({ id: chosen.id, answer })
            setAnnouncement(t('history.corrected', { date: dateOf(chosen) }))
          },
          onDelete: handleDeleteRequest,
        })}
      />
    )
    content = (
      <ol className="interview-history-list">
        {groupByConversation(sessions.data).map(({ conversation, exchanges }) => {
          if (!conversation) return <li key={exchanges[0]!.id}>{item(exchanges[0]!)}</li>
          const headingId = `conversation-${conversation.id}`
          return (
            <li key={conversation.id}>
              <section className="interview-conversation" aria-labelledby={headingId} data-testid="interview-conversation">
                <ConversationHeading
                  id={headingId}
                  conversation={conversation}
                  exchanges={exchanges}
                  language={language}
                  {...(exchanges.every(mayChange) && {
                    onRename: async (title: string) => {
                      const renamed = await renameConversation.mutateAsync({ id: conversation.id, title })
                      setAnnouncement(t('history.renamed', { title: conversationTitle(renamed, exchanges, language) }))
                    },
                  })}
                />
                <ol className="interview-conversation-list">
                  {exchanges.map((session) => (
                    <li key={session.id}>{item(session)}</li>
                  ))}
                </ol>
              </section>
            </li>
          )
        })}
      </ol>
    )
  } else if (sessions.data) {
    content = <p className="interview-history-empty">{t('history.empty', { name: memberName })}</p>
  } else if (sessions.isError) {
    const isUnreachable = problemOfError(sessions.error) === 'unreachable'
    content = (
      <ErrorBanner>
        <p className="interview-history-error">{isUnreachable ? t('problem.unreachable') : t('history.loadFailed')}</p>
        <button type="button" className="button" aria-disabled={sessions.isFetching} onClick={() => !sessions.isFetching && void sessions.refetch()}>
          {sessions.isFetching ? t('problem.retrying') : t('problem.retry')}
        </button>
      </ErrorBanner>
    )
  } else {
    content = (
      <p className="interview-history-loading" role="status">
        {t('history.loading')}
      </p>
    )
  }

  return (
    <section className="interview-history" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('history.heading')}
      </h2>
      <StatusMessage>{announcement}</StatusMessage>
      {content}
      <ConfirmDialog
        open={sessionToDelete !== undefined}
        title={t('deleteSession.title')}
        description={sessionToDelete && <p>{deleteDescription(sessionToDelete)}</p>}
        confirmLabel={t('deleteSession.confirm')}
        cancelLabel={t('deleteSession.cancel')}
        pendingLabel={t('deleteSession.pending')}
        pending={deleteSession.isPending}
        error={deleteSession.isError ? t('deleteSession.failed') : undefined}
        onConfirm={handleDeleteConfirm}
        onCancel={handleDeleteCancel}
      />
    </section>
  )
}
